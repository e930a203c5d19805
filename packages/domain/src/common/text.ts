import { z } from 'zod';

/**
 * The one text rule (issue 22 parts 1 and 5), used by every schema's string fields.
 *
 * Every text value is normalised to NFC and loses the whitespace around it (a trailing new line, a pasted
 * tab, a zero-width space or byte-order mark at either end); a value made only of invisible characters
 * (zero-width spaces and joiners, word joiner, soft hyphen, direction marks, Hangul and Braille blanks...)
 * counts as empty, so the field's own 'X is required' message answers it.
 *
 * Refused with a message naming the field:
 * - everywhere: NUL and the other control characters (C0, DEL, C1), bidi overrides and isolates
 *   (U+202A-U+202E, U+2066-U+2069: they make "School ‮fdp.exe" read as "School exe.pdf"), and lone
 *   surrogates (half an emoji: PostgreSQL text cannot hold them, nor a NUL);
 * - in one-line fields (names, titles, numbers, filters) also new lines and tabs inside the value;
 *   multi-line fields (notes, descriptions, remarks) keep \n, \r and \t.
 */

/** Half of a surrogate pair without its other half: not a character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Characters that reorder the text shown around them (overrides and isolates; the plain marks stay). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Line breaks and tabs: a one-line field refuses them inside the value (at the ends they are trimmed). */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;
/** C0 controls but tab, new line and carriage return; DEL; C1. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const NUL = /\u0000/;

/** What may surround a value unseen and is trimmed (whitespace, zero-width space/joiners, BOM, soft hyphen). */
const EDGE = /^[\s\u00AD\u180E\u200B-\u200D\u2060]+|[\s\u00AD\u180E\u200B-\u200D\u2060]+$/g;
/** A value of only these shows nothing: whitespace, default-ignorable characters, Hangul and Braille blanks. */
const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}\u115F\u1160\u3164\uFFA0\u2800]*$/u;

/** Whether a value shows nothing at all (empty, whitespace or invisible characters only). */
export const isInvisibleText = (v: string) => INVISIBLE_ONLY.test(v);

/** NFC, the unseen characters around the value removed, and '' for a value that shows nothing. */
export const cleanText = (v: string) => {
  const clean = v.normalize('NFC').replace(EDGE, '');
  return isInvisibleText(clean) ? '' : clean;
};

export type TextKind = 'one-line' | 'multi-line';
export type TextProblem = 'surrogate' | 'control' | 'line-break' | 'bidi';

/** The first thing wrong with a (cleaned) value of a field of this kind, or null. */
export const textProblem = (v: string, kind: TextKind): TextProblem | null => {
  if (LONE_SURROGATE.test(v)) return 'surrogate';
  if (CONTROL.test(v)) return 'control';
  if (kind === 'one-line' && LINE_BREAK.test(v)) return 'line-break';
  if (BIDI_CONTROL.test(v)) return 'bidi';
  return null;
};

/**
 * What PostgreSQL cannot store in a text value at all (a NUL, a lone surrogate), whatever the field: the
 * server checks every query value, route parameter, JSON body and multipart field with it.
 */
export const unstorableText = (v: string): 'nul' | 'surrogate' | null =>
  NUL.test(v) ? 'nul' : LONE_SURROGATE.test(v) ? 'surrogate' : null;

export const TEXT_MESSAGES = {
  control: (label: string) => `${label} must not contain control characters.`,
  lineBreak: (label: string) => `${label} must be on one line (no line breaks or tabs).`,
  bidi: (label: string) => `${label} must not contain characters that change the text direction.`,
  surrogate: (label: string) => `${label} contains an invalid character (half of an emoji or symbol).`,
  /** The server's answer for a NUL or a lone surrogate anywhere in a request. */
  unstorable: (where: string) =>
    `The request contains text that cannot be stored (a NUL or an invalid character) in ${where}.`,
} as const;

export const textProblemMessage = (problem: TextProblem, label: string) =>
  problem === 'line-break'
    ? TEXT_MESSAGES.lineBreak(label)
    : problem === 'bidi'
      ? TEXT_MESSAGES.bidi(label)
      : problem === 'surrogate'
        ? TEXT_MESSAGES.surrogate(label)
        : TEXT_MESSAGES.control(label);

/** 'companyName' → 'Company name'; a path without a name (a list's item) reads 'Text'. */
export const labelFromPath = (path: readonly PropertyKey[] | undefined) => {
  const key = [...(path ?? [])].reverse().find((k): k is string => typeof k === 'string');
  if (!key) return 'Text';
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type StringParams = Parameters<typeof z.string>[0];

/** 'Vendor name is required' → 'Vendor name': a field's required message names it. */
const labelFromParams = (params: StringParams) => {
  const error = typeof params === 'string' ? params : params?.error;
  return typeof error === 'string' ? /^(.{1,60}) is required\.?$/.exec(error)?.[1] : undefined;
};

const textSchema = (kind: TextKind, params?: StringParams, given?: string) => {
  const label = given ?? labelFromParams(params);
  return z
    .string(params)
    .overwrite(cleanText)
    .refine((v) => textProblem(v, kind) === null, {
      abort: true,
      error: (issue) =>
        textProblemMessage(
          textProblem(String(issue.input), kind) ?? 'control',
          label ?? labelFromPath(issue.path),
        ),
    });
};

/**
 * A one-line text field (a name, a title, a number, a search): cleaned and checked by the text rule, then
 * the field's own rules chain on (`.min(1, 'Name is required')`, `.max(...)`, `.regex(...)`). `label`
 * names the field in the rule's messages; without it the required message names it ('Vendor name is
 * required' → 'Vendor name'), else the field's key ('companyName' → 'Company name').
 */
export const oneLineText = (params?: StringParams, label?: string) => textSchema('one-line', params, label);

/** A multi-line text field (notes, a description, remarks): as oneLineText, but new lines and tabs stay. */
export const multiLineText = (params?: StringParams, label?: string) =>
  textSchema('multi-line', params, label);
