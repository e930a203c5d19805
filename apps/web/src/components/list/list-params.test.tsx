import { userListSpec } from '@karya/domain';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFilters, stripEmptyFilters, useListParams, writeListParams } from './list-params';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const setup = (url = '/admin/users', key = 'userLimit') => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ list: useListParams(key, { spec: userListSpec }), location: useLocation() }), {
    wrapper,
  });
};

const searchOf = (r: ReturnType<typeof setup>) => new URLSearchParams(r.result.current.location.search);

describe('useListParams', () => {
  it('reads page, limit, sort and filters from the URL', () => {
    const r = setup(
      '/admin/users?page=3&limit=30&sortBy=name&sortOrder=asc&filters[name]=ravi&filters[status][]=Active&filters[status][]=Blocked&filters[createdAt][start]=2026-01-01&filters[createdAt][end]=2026-01-31&filters[isDeleted]=true&filters[gender]=Male',
    );
    const { list } = r.result.current;
    expect(list.page).toBe(3);
    expect(list.limit).toBe(30);
    expect(list.sortBy).toBe('name');
    expect(list.sortOrder).toBe('asc');
    expect(list.filters).toEqual({
      name: 'ravi',
      status: ['Active', 'Blocked'],
      createdAt: { start: '2026-01-01', end: '2026-01-31' },
      isDeleted: true,
      // A single value of a multi-choice filter is read as a list.
      gender: ['Male'],
    });
    expect(list.query).toEqual({
      page: 3,
      limit: 30,
      sortBy: 'name',
      sortOrder: 'asc',
      filters: list.filters,
    });
  });

  it('round-trips filters through the URL', () => {
    const r = setup();
    const filters = {
      name: 'asha',
      status: ['Active', 'Inactive'],
      'address.city': 'Cuttack',
      updatedAt: { start: '2026-02-01', end: '2026-02-03' },
      isDeleted: true,
    };
    act(() => r.result.current.list.setFilters(filters));
    expect(r.result.current.list.filters).toEqual(filters);
    const params = searchOf(r);
    expect(params.getAll('filters[status][]')).toEqual(['Active', 'Inactive']);
    expect(params.get('filters[address.city]')).toBe('Cuttack');
    expect(params.get('filters[updatedAt][start]')).toBe('2026-02-01');
    expect(params.get('filters[isDeleted]')).toBe('true');
    // Reading the written URL back gives the same state.
    expect(readFilters(params, userListSpec)).toEqual(filters);
  });

  it('resets the page to 1 when filters change', () => {
    const r = setup('/admin/users?page=4&limit=20');
    expect(r.result.current.list.page).toBe(4);
    act(() => r.result.current.list.setFilter('name', 'x'));
    expect(r.result.current.list.page).toBe(1);
    expect(searchOf(r).get('page')).toBeNull();

    act(() => r.result.current.list.setPage(2));
    expect(r.result.current.list.page).toBe(2);
    act(() => r.result.current.list.setFilters({ email: 'a@b.c' }));
    expect(r.result.current.list.page).toBe(1);
    expect(r.result.current.list.filters).toEqual({ email: 'a@b.c' });

    act(() => r.result.current.list.setPage(3));
    act(() => r.result.current.list.resetFilters());
    expect(r.result.current.list.page).toBe(1);
    expect(r.result.current.list.filters).toEqual({});
  });

  it('keeps the page when only the page changes and sort resets it', () => {
    const r = setup('/admin/users?page=2');
    act(() => r.result.current.list.setSort('createdAt', 'desc'));
    expect(r.result.current.list.page).toBe(1);
    expect(r.result.current.list.sortBy).toBe('createdAt');
    expect(r.result.current.list.sortOrder).toBe('desc');
    act(() => r.result.current.list.setSort(undefined));
    expect(r.result.current.list.sortBy).toBeUndefined();
    expect(searchOf(r).get('sortBy')).toBeNull();
  });

  it('remembers the page size under its key and uses it when the URL has none', () => {
    const r = setup();
    expect(r.result.current.list.limit).toBe(20);
    act(() => r.result.current.list.setPage(3));
    act(() => r.result.current.list.setLimit(40));
    expect(localStorage.getItem('userLimit')).toBe('40');
    expect(r.result.current.list.limit).toBe(40);
    expect(r.result.current.list.page).toBe(1);
    r.unmount();

    const again = setup('/admin/users');
    expect(again.result.current.list.limit).toBe(40);
    // Another list's key is separate.
    const other = setup('/admin/roles', 'rejectionAnalysisLimit');
    expect(other.result.current.list.limit).toBe(20);
  });

  it('ignores a stored page size that is not offered', () => {
    localStorage.setItem('userLimit', '1000');
    expect(setup('/admin/users').result.current.list.limit).toBe(20);
  });

  it('keeps a URL page size the server accepts, and never swaps one silently for the default (issue 22)', () => {
    localStorage.setItem('userLimit', '30');
    expect(setup('/admin/users?limit=100').result.current.list.limit).toBe(100);
    expect(setup('/admin/users?limit=7').result.current.list.limit).toBe(7);
    // Past the server's maximum: the nearest size it accepts, which the page-size choice then shows.
    expect(setup('/admin/users?limit=1000').result.current.list.limit).toBe(100);
    // Not a size at all: the stored one.
    expect(setup('/admin/users?limit=abc').result.current.list.limit).toBe(30);
    expect(setup('/admin/users?limit=0').result.current.list.limit).toBe(30);
  });

  it('strips empty values and never writes them to the URL', () => {
    const r = setup();
    act(() =>
      r.result.current.list.setFilters({
        name: '  ',
        email: '',
        status: [],
        gender: undefined,
        createdAt: { start: '', end: undefined },
        updatedAt: { start: '2026-01-01', end: '' },
        phone: '98',
      }),
    );
    expect(r.result.current.list.filters).toEqual({ updatedAt: { start: '2026-01-01' }, phone: '98' });
    const keys = [...searchOf(r).keys()].filter((k) => k.startsWith('filters['));
    expect(keys.sort()).toEqual(['filters[phone]', 'filters[updatedAt][start]']);

    act(() => r.result.current.list.setFilter('phone', ''));
    expect(r.result.current.list.filters).toEqual({ updatedAt: { start: '2026-01-01' } });
  });

  it('keeps the hash unless told, and can close the filter drawer in the same step', () => {
    const r = setup('/admin/users#filter');
    act(() => r.result.current.list.setFilter('name', 'a'));
    expect(r.result.current.location.hash).toBe('#filter');
    act(() => r.result.current.list.setFilters({ name: 'b' }, { hash: '' }));
    expect(r.result.current.location.hash).toBe('');
    expect(r.result.current.list.filters).toEqual({ name: 'b' });
  });

  it('drops unknown filters from a hand-edited URL instead of failing', () => {
    const r = setup('/admin/users?filters[__proto__]=x&filters[nope]=1&page=-2&sortOrder=sideways');
    expect(r.result.current.list.filters).toEqual({});
    expect(r.result.current.list.page).toBe(1);
    expect(r.result.current.list.sortOrder).toBe('desc');
  });
});

describe('list param helpers', () => {
  it('stripEmptyFilters keeps false and zero-like strings', () => {
    expect(stripEmptyFilters({ a: false, b: '0', c: null, d: [''] })).toEqual({ a: false, b: '0' });
  });

  it('writeListParams keeps unrelated params', () => {
    const base = new URLSearchParams('tab=2&page=9&filters[x]=1');
    const out = writeListParams({ page: 1, limit: 20, sortOrder: 'desc', filters: { y: 'z' } }, base);
    expect(out.toString()).toBe('tab=2&limit=20&filters%5By%5D=z');
  });
});
