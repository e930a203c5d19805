import { describe, expect, it } from 'vitest';
import { userListSpec } from '../entities/user-list.ts';
import { defineList, ListQueryError, pageCount, parseListQuery } from './list-query.ts';
import { toListSearchParams } from './list-search-params.ts';

const ID = '65f1c2a9b3e4d5f6a7b8c9d0';
const ID2 = '65f1c2a9b3e4d5f6a7b8c9d1';
const parse = (raw: Record<string, string | string[] | undefined>) => parseListQuery(raw, userListSpec);
const refuses = (raw: Record<string, string | string[] | undefined>, message?: RegExp) => {
  expect(() => parse(raw)).toThrow(ListQueryError);
  if (message) expect(() => parse(raw)).toThrow(message);
};

describe('parseListQuery: paging and sorting', () => {
  it('defaults to page 1, 20 per page, newest first', () => {
    expect(parse({})).toEqual({ page: 1, limit: 20, sortBy: undefined, sortOrder: 'desc', filters: {} });
  });
  it('reads page, limit, sortBy and sortOrder', () => {
    expect(parse({ page: '3', limit: '50', sortBy: 'name', sortOrder: 'asc' })).toMatchObject({
      page: 3,
      limit: 50,
      sortBy: 'name',
      sortOrder: 'asc',
    });
    // The web sends sort inside filters too.
    expect(parse({ 'filters[sortBy]': 'createdAt', 'filters[sortOrder]': 'desc' })).toMatchObject({
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    expect(parse({ sortBy: 'name' }).sortOrder).toBe('asc');
  });
  it('limits are bounded', () => {
    expect(parse({ limit: '100' }).limit).toBe(100);
    refuses({ limit: '101' }, /at most 100/);
    refuses({ limit: '0' }, /at least 1/);
    refuses({ page: '0' });
    refuses({ page: '-1' });
    refuses({ page: '1.5' });
    refuses({ page: 'abc' });
    refuses({ limit: '1e3' });
    refuses({ page: ['1', '2'] }, /once/);
  });
  it('sorts only by whitelisted fields and orders', () => {
    refuses({ sortBy: 'passwordHash' }, /Cannot sort by passwordHash/);
    refuses({ sortOrder: 'sideways' }, /asc or desc/);
  });
  it('applies the spec default sort', () => {
    const spec = defineList({
      filters: {},
      sortFields: ['name'],
      defaultSort: { field: 'name', order: 'asc' },
    });
    expect(parseListQuery({}, spec)).toMatchObject({ sortBy: 'name', sortOrder: 'asc' });
  });
});

describe('parseListQuery: filters against the whitelist', () => {
  it('text, enum, boolean, ids and date ranges', () => {
    const q = parse({
      'filters[name]': ' Ananya ',
      'filters[status][]': ['Active', 'Blocked'],
      'filters[gender]': 'Female,Other',
      'filters[isDeleted]': 'true',
      'filters[roles][]': [ID, ID2],
      'filters[createdAt][start]': '2026-01-01',
      'filters[createdAt][end]': '2026-01-31',
      'filters[address.city]': 'Cuttack',
    });
    expect(q.filters).toEqual({
      name: 'Ananya',
      status: ['Active', 'Blocked'],
      gender: ['Female', 'Other'],
      isDeleted: true,
      roles: [ID, ID2],
      createdAt: { start: '2026-01-01', end: '2026-01-31' },
      'address.city': 'Cuttack',
    });
  });
  it('empty values are dropped', () => {
    expect(
      parse({ 'filters[name]': '  ', 'filters[createdAt][start]': '', 'filters[status][]': [] }).filters,
    ).toEqual({});
  });
  it('a date range may be open on one side', () => {
    expect(parse({ 'filters[updatedAt][start]': '2026-02-01' }).filters).toEqual({
      updatedAt: { start: '2026-02-01', end: undefined },
    });
  });
  it('refuses unknown filters and parameters', () => {
    refuses({ 'filters[passwordHash]': 'x' }, /Unknown filter: passwordHash/);
    refuses({ foo: 'bar' }, /Unknown query parameter/);
    refuses({ 'filters[name][deep][er]': 'x' });
  });
  it('refuses bad values', () => {
    refuses({ 'filters[status]': 'Sleeping' }, /Sleeping is not one of/);
    refuses({ 'filters[isDeleted]': 'yes' }, /true or false/);
    refuses({ 'filters[roles]': 'not-an-id' }, /expected ids/);
    refuses({ 'filters[createdAt][start]': '01/02/2026' }, /YYYY-MM-DD/);
    refuses({ 'filters[createdAt][start]': '2026-02-30' }, /YYYY-MM-DD/);
    refuses(
      { 'filters[createdAt][start]': '2026-03-01', 'filters[createdAt][end]': '2026-02-01' },
      /start is after end/,
    );
    refuses({ 'filters[createdAt]': '2026-01-01' }, /\[start\] or \[end\]/);
    refuses({ 'filters[createdAt][min]': '2026-01-01' });
    refuses({ 'filters[name]': ['a', 'b'] }, /give one value/);
    refuses({ 'filters[name]': 'x'.repeat(201) }, /200 characters/);
    refuses({ 'filters[roles][]': Array.from({ length: 101 }, () => ID) }, /Too many values/);
    refuses({ 'filters[status][x]': 'Active' }, /unexpected sub-key/);
  });
  it('number ranges', () => {
    const spec = defineList({ filters: { price: 'numberRange' }, sortFields: [] });
    expect(
      parseListQuery({ 'filters[price][min]': '10', 'filters[price][max]': '99.5' }, spec).filters,
    ).toEqual({
      price: { min: 10, max: 99.5 },
    });
    expect(() => parseListQuery({ 'filters[price][min]': 'ten' }, spec)).toThrow(/must be a number/);
  });
});

describe('parseListQuery: whole numbers', () => {
  const spec = defineList({ filters: { sku: 'integer' }, sortFields: [] });
  it('takes digits only, one value (a SKU, a customer number)', () => {
    expect(parseListQuery({ 'filters[sku]': ' 42 ' }, spec).filters).toEqual({ sku: '42' });
    for (const bad of ['4a', '-1', '1.5', '1234567890'])
      expect(() => parseListQuery({ 'filters[sku]': bad }, spec)).toThrow(
        'filter sku: must be a whole number',
      );
    expect(() => parseListQuery({ 'filters[sku][]': ['1', '2'] }, spec)).toThrow(ListQueryError);
  });
});

describe('parseListQuery: prototype keys', () => {
  it.each([
    '__proto__',
    'constructor',
    'prototype',
    'filters[__proto__]',
    'filters[__proto__][polluted]',
    'filters[constructor]',
    'filters[constructor][prototype]',
    'filters[hasOwnProperty]',
    'filters[toString]',
  ])('refuses %s and leaves Object.prototype alone', (key) => {
    const raw = JSON.parse(`{${JSON.stringify(key)}: "yes"}`) as Record<string, string>;
    expect(() => parse(raw)).toThrow(ListQueryError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).yes).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });
  it('the filters object is a plain object without inherited surprises', () => {
    const q = parse({ 'filters[name]': 'a' });
    expect(Object.getPrototypeOf(q.filters)).toBe(Object.prototype);
    expect(Object.keys(q.filters)).toEqual(['name']);
  });
});

describe('toListSearchParams and pageCount', () => {
  it('serialises what parseListQuery reads back', () => {
    const params = toListSearchParams({
      page: 2,
      limit: 30,
      sortBy: 'name',
      sortOrder: 'asc',
      filters: {
        name: 'Sourav',
        status: ['Active', 'Inactive'],
        createdAt: { start: '2026-01-01', end: '' },
        email: '',
      },
    });
    const raw: Record<string, string | string[]> = {};
    for (const key of new Set(params.keys())) {
      const all = params.getAll(key);
      raw[key] = key.endsWith('[]') ? all : all[0]!;
    }
    expect(parse(raw)).toEqual({
      page: 2,
      limit: 30,
      sortBy: 'name',
      sortOrder: 'asc',
      filters: {
        name: 'Sourav',
        status: ['Active', 'Inactive'],
        createdAt: { start: '2026-01-01', end: undefined },
      },
    });
    expect(params.has('filters[email]')).toBe(false);
  });
  it('page count is total divided by limit, rounded up, at least 1', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(101, 50)).toBe(3);
  });
});
