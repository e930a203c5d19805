import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customerCreateSchema, customerFeedbackSchema } from '../entities/customer.ts';
import { vendorCreateSchema } from '../entities/vendor.ts';
import { clearable } from './fields.ts';
import { parseListQuery } from './list-query.ts';
import {
  cleanText,
  isInvisibleText,
  labelFromPath,
  multiLineText,
  oneLineText,
  textProblem,
  unstorableText,
} from './text.ts';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('the text rule (issue 22)', () => {
  const name = oneLineText({ error: 'Name is required' }).min(1, 'Name is required').max(20, 'Too long');
  const notes = multiLineText().max(50, 'Too long');

  it('normalises to NFC and trims what surrounds a value unseen', () => {
    expect(name.parse('Cafe\u0301')).toBe('Caf\u00e9');
    expect(name.parse('  Acme School\r\n')).toBe('Acme School');
    expect(name.parse('\uFEFF\u200BAcme\u200B\t')).toBe('Acme');
    // Joiners inside a value and a variation selector at its end are part of what it shows.
    expect(name.parse('👩\u200D💻 Desk ❤\uFE0F')).toBe('👩\u200D💻 Desk ❤\uFE0F');
  });

  it.each([
    '\u200B\u200B\u200B',
    '\u200C\u200D\u2060\uFEFF\u00AD',
    ' \u200B \n',
    '\u3164\u3164',
    '\u2800',
    '\u200E\u200F',
  ])('counts the invisible value %j as empty', (value) => {
    expect(isInvisibleText(value)).toBe(true);
    expect(cleanText(value)).toBe('');
    expect(messages(name, value)).toEqual(['Name is required']);
  });

  it.each([
    ['ab\u0000cd', 'Name must not contain control characters.'],
    ['Bell \u0007', 'Name must not contain control characters.'],
    ['\u001b[31mRed', 'Name must not contain control characters.'],
    ['a\u007Fb', 'Name must not contain control characters.'],
    ['a\u0085b', 'Name must not contain control characters.'],
    ['a\u009Bb', 'Name must not contain control characters.'],
    ['Acme\nSchool', 'Name must be on one line (no line breaks or tabs).'],
    ['Acme\tSchool', 'Name must be on one line (no line breaks or tabs).'],
    ['Acme\u2028School', 'Name must be on one line (no line breaks or tabs).'],
    ['School \u202Efdp.exe', 'Name must not contain characters that change the text direction.'],
    ['a\u2066b\u2069', 'Name must not contain characters that change the text direction.'],
    ['Bad \uD800 name', 'Name contains an invalid character (half of an emoji or symbol).'],
    ['Bad \uDC00', 'Name contains an invalid character (half of an emoji or symbol).'],
  ])('refuses the one-line value %j: %s (and nothing else)', (value, message) => {
    expect(messages(name, value)).toEqual([message]);
  });

  it('keeps new lines and tabs in a multi-line value, and refuses the rest', () => {
    expect(notes.parse(' First line\nSecond\r\n\tthird \n')).toBe('First line\nSecond\r\n\tthird');
    expect(messages(notes, 'a\u0000b')).toEqual(['Text must not contain control characters.']);
    expect(messages(z.object({ notes }), { notes: 'a\u202Eb' })).toEqual([
      'Notes must not contain characters that change the text direction.',
    ]);
    expect(messages(z.object({ notes }), { notes: 'a\uD83Db' })).toEqual([
      'Notes contains an invalid character (half of an emoji or symbol).',
    ]);
  });

  it('names the field by its label, its required message or its key', () => {
    expect(messages(oneLineText(undefined, 'GSTIN'), 'a\u0007')).toEqual([
      'GSTIN must not contain control characters.',
    ]);
    expect(messages(oneLineText({ error: 'Vendor name is required' }), 'a\u0007')).toEqual([
      'Vendor name must not contain control characters.',
    ]);
    expect(messages(z.object({ companyName: oneLineText() }), { companyName: 'a\u0007' })).toEqual([
      'Company name must not contain control characters.',
    ]);
    expect(labelFromPath(['contacts', 0, 'zipCode'])).toBe('Zip code');
    expect(labelFromPath([3])).toBe('Text');
  });

  it('tells what PostgreSQL cannot store at all', () => {
    expect(unstorableText('a\u0000')).toBe('nul');
    expect(unstorableText('a\uD800')).toBe('surrogate');
    expect(unstorableText('😀 a\u202E\u0007\n')).toBeNull();
    expect(textProblem('😀 fine', 'one-line')).toBeNull();
  });

  it('an invisible optional value clears the field', () => {
    expect(clearable(oneLineText()).parse('\u200B')).toBeNull();
  });
});

describe('the text rule in the entity schemas', () => {
  it('customer: one-line name and address, multi-line notes and feedback', () => {
    const base = { type: 'Organization' };
    expect(messages(customerCreateSchema, { ...base, name: '\u200B' })).toEqual(['Name is required.']);
    expect(messages(customerCreateSchema, { ...base, name: 'School \u202Efdp.exe' })).toEqual([
      'Name must not contain characters that change the text direction.',
    ]);
    expect(messages(customerCreateSchema, { ...base, name: 'Acme', address: { city: 'Cut\ntack' } })).toEqual(
      ['City must be on one line (no line breaks or tabs).'],
    );
    const ok = customerCreateSchema.parse({
      ...base,
      name: 'Acme\n',
      additionalInfo: { notes: 'one\ntwo' },
    });
    expect(ok.name).toBe('Acme');
    expect(ok.additionalInfo?.notes).toBe('one\ntwo');
    expect(customerFeedbackSchema.parse({ rating: 4, comment: 'Good\nservice' }).comment).toBe(
      'Good\nservice',
    );
  });

  it('vendor: the name names itself in the message', () => {
    expect(messages(vendorCreateSchema, { name: 'ab\u0000' })).toEqual([
      'Vendor name must not contain control characters.',
    ]);
  });

  it('list filters: NFC, and no control or bidi character', () => {
    const spec = { filters: { name: 'text' as const }, sortFields: [] };
    expect(parseListQuery({ 'filters[name]': 'Cafe\u0301' }, spec).filters.name).toBe('Caf\u00e9');
    expect(() => parseListQuery({ 'filters[name]': 'ab\u0000cd' }, spec)).toThrow(
      'Filter name must not contain control characters.',
    );
    expect(() => parseListQuery({ 'filters[name]': 'a\u202Eb' }, spec)).toThrow(/text direction/);
    expect(parseListQuery({ 'filters[name]': '\u200B' }, spec).filters).toEqual({});
  });
});
