import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_WAIT_MS, punchLocation } from './punch-location';

const giveGeolocation = (getCurrentPosition: Geolocation['getCurrentPosition']) =>
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });

describe('punchLocation', () => {
  afterEach(() => {
    delete (navigator as { geolocation?: unknown }).geolocation;
    vi.useRealTimers();
  });

  it('gives the position with its accuracy in whole metres', async () => {
    giveGeolocation((ok) => ok({ coords: { latitude: 20.3, longitude: 85.8, accuracy: 8.6 } } as never));
    expect(await punchLocation()).toEqual({ latitude: 20.3, longitude: 85.8, accuracy: 9 });
  });

  it('is null when refused, or when the browser has no geolocation', async () => {
    giveGeolocation((_ok, fail) => fail?.({ code: 1 } as never));
    expect(await punchLocation()).toBeNull();
    delete (navigator as { geolocation?: unknown }).geolocation;
    expect(await punchLocation()).toBeNull();
  });

  it('stops waiting after a few seconds (a permission prompt left unanswered never calls back)', async () => {
    vi.useFakeTimers();
    giveGeolocation(() => undefined);
    const result = punchLocation();
    await vi.advanceTimersByTimeAsync(LOCATION_WAIT_MS - 1);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeNull();
  });
});
