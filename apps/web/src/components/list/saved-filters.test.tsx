import { userListSpec } from '@karya/domain';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useListParams } from './list-params';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const KEY = 'userFilters';

const setup = (url: string, storeFiltersKey: string | null = KEY) => {
  const seen: { filters: unknown }[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  const r = renderHook(
    () => {
      const list = useListParams('userLimit', {
        spec: userListSpec,
        storeFiltersKey: storeFiltersKey ?? undefined,
      });
      seen.push({ filters: list.filters });
      return { list, location: useLocation() };
    },
    { wrapper },
  );
  return { r, seen };
};

const urlFilters = (search: string) =>
  [...new URLSearchParams(search).entries()].filter(([k]) => k.startsWith('filters['));

describe('useListParams with storeFiltersKey', () => {
  it('saves applied filters and restores them when the list opens with none in the URL', () => {
    const first = setup('/admin/users');
    act(() => first.r.result.current.list.setFilters({ name: 'asha', status: ['Active'] }));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ name: 'asha', status: ['Active'] });
    first.r.unmount();

    const again = setup('/admin/users?page=3');
    // Applied from the very first render, so no unfiltered query runs first.
    expect(again.seen[0]!.filters).toEqual({ name: 'asha', status: ['Active'] });
    const { list, location } = again.r.result.current;
    expect(list.filters).toEqual({ name: 'asha', status: ['Active'] });
    expect(list.page).toBe(1);
    // Written to the URL too (replacing the entry), so Back and sharing keep working.
    expect(urlFilters(location.search)).toEqual([
      ['filters[name]', 'asha'],
      ['filters[status][]', 'Active'],
    ]);
  });

  it('a single filter change is saved too, and the URL wins over the saved filters', () => {
    const first = setup('/admin/users');
    act(() => first.r.result.current.list.setFilter('email', 'a@b.c'));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ email: 'a@b.c' });
    first.r.unmount();

    const shared = setup('/admin/users?filters[name]=ravi');
    expect(shared.r.result.current.list.filters).toEqual({ name: 'ravi' });
    // Opening a shared link does not overwrite what this user saved.
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ email: 'a@b.c' });
  });

  it('reset clears the saved filters, so the next visit starts unfiltered', () => {
    localStorage.setItem(KEY, JSON.stringify({ name: 'asha' }));
    const first = setup('/admin/users');
    expect(first.r.result.current.list.filters).toEqual({ name: 'asha' });
    act(() => first.r.result.current.list.resetFilters());
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(first.r.result.current.list.filters).toEqual({});
    expect(urlFilters(first.r.result.current.location.search)).toEqual([]);
    first.r.unmount();

    expect(setup('/admin/users').r.result.current.list.filters).toEqual({});
  });

  it('ignores saved filters the list does not know and unreadable values', () => {
    localStorage.setItem(KEY, JSON.stringify({ nope: 'x', __proto__: 'y', name: 'ok', status: 'Active' }));
    expect(setup('/admin/users').r.result.current.list.filters).toEqual({ name: 'ok', status: ['Active'] });
    cleanup();
    localStorage.setItem(KEY, '{not json');
    expect(setup('/admin/users').r.result.current.list.filters).toEqual({});
    cleanup();
    localStorage.setItem(KEY, JSON.stringify(['name']));
    expect(setup('/admin/users').r.result.current.list.filters).toEqual({});
  });

  it('stores nothing without the option', () => {
    localStorage.setItem(KEY, JSON.stringify({ name: 'asha' }));
    const r = setup('/admin/users', null).r;
    expect(r.result.current.list.filters).toEqual({});
    act(() => r.result.current.list.setFilters({ name: 'b' }));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ name: 'asha' });
  });
});
