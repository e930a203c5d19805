/** Where the device is, as a punch carries it (accuracy in metres). */
export type PunchLocation = { latitude: number; longitude: number; accuracy: number };

/** How long a punch waits for the device's location before it goes without one. */
export const LOCATION_WAIT_MS = 5_000;

/**
 * The device's location for a punch, or null: never an error and never longer than `waitMs`. Unlike the
 * sign-in's getLocation (lib/security-context.ts: a fresh fix, up to 10 s, refused without one), a punch
 * is never blocked by the location: a refusal, no GPS indoors, or a permission prompt left unanswered (the
 * browser's own timeout only starts once it is answered, hence the timer here) sends the punch without it.
 * A fix up to a minute old is good enough, and comes at once.
 */
export const punchLocation = (waitMs = LOCATION_WAIT_MS): Promise<PunchLocation | null> =>
  new Promise((resolve) => {
    const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geo) return resolve(null);
    const timer = setTimeout(() => resolve(null), waitMs);
    const done = (value: PunchLocation | null) => {
      clearTimeout(timer);
      resolve(value);
    };
    try {
      geo.getCurrentPosition(
        ({ coords }) =>
          done({
            latitude: coords.latitude,
            longitude: coords.longitude,
            // The API takes up to 100 km; a coarser guess says nothing useful about where the user is.
            accuracy: Math.min(Math.round(coords.accuracy), 100_000),
          }),
        () => done(null),
        { enableHighAccuracy: true, timeout: waitMs, maximumAge: 60_000 },
      );
    } catch {
      done(null);
    }
  });
