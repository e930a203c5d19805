import { defineList, type ListQuery } from '@karya/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startListEarly, takeEarlyList } from './early-list';
import { openingListQuery } from './list-params';

const spec = defineList({ sortBy: ['name'], filters: { name: 'text' } } as never);

afterEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

describe('early list call', () => {
  it('starts the call of the list in the address bar, with the saved page size and filters, and hands it over once', async () => {
    window.history.replaceState(null, '', '/things?page=2');
    localStorage.setItem('thingLimit', '30');
    const fetchPage = vi.fn(async (q: ListQuery) => ({ early: q }));
    startListEarly('/things', { limitKey: 'thingLimit', spec }, fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    const query = openingListQuery('?page=2', 'thingLimit', { spec });
    expect(query).toMatchObject({ page: 2, limit: 30 });

    const again = vi.fn(async () => ({ early: null }));
    await expect(takeEarlyList('/things', query, again)).resolves.toEqual({ early: query });
    expect(again).not.toHaveBeenCalled();
    // Once only: the next call (a refetch) asks the server.
    await expect(takeEarlyList('/things', query, again)).resolves.toEqual({ early: null });
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('starts nothing on another page, asks again for another query, and asks again when the early call failed', async () => {
    window.history.replaceState(null, '', '/elsewhere');
    const fetchPage = vi.fn(async () => 'early');
    startListEarly('/things', { limitKey: 'thingLimit' }, fetchPage);
    expect(fetchPage).not.toHaveBeenCalled();

    window.history.replaceState(null, '', '/things');
    startListEarly('/things', { limitKey: 'thingLimit' }, fetchPage);
    const other = { ...openingListQuery('', 'thingLimit'), page: 3 };
    await expect(takeEarlyList('/things', other, async () => 'fresh')).resolves.toBe('fresh');

    startListEarly('/things', { limitKey: 'thingLimit' }, () => Promise.reject(new Error('401')));
    await expect(
      takeEarlyList('/things', openingListQuery('', 'thingLimit'), async () => 'fresh'),
    ).resolves.toBe('fresh');
  });
});
