/**
 * One tolerant reading of an enumeration value as a person types it (issue 23): without case, with spaces,
 * hyphens, underscores and dots ignored ('full time' is Full-Time, 'state board' is StateBoard), and British
 * spellings read as the American ones the enumerations use ('Organisation' is Organization, 'Training
 * Centre' is Training Center). Zod-free: the import's parser and the schemas share it.
 *
 * Both the value typed and each allowed value go through the same key, so the enumeration's own spelling
 * always matches; a test checks that no enumeration has two values with one key.
 */

/** British endings → American, applied to a lower-cased word run (order matters: longest first). */
const BRITISH_TO_AMERICAN: readonly (readonly [RegExp, string])[] = [
  [/isation/g, 'ization'], // organisation, specialisation
  [/ise([ds]?)$/g, 'ize$1'], // organise(d), recognise(s)
  [/yse([ds]?)$/g, 'yze$1'], // analyse(d)
  [/([^aeiou])re\b/g, '$1er'], // centre, theatre, metre
  [/our\b/g, 'or'], // colour, labour
  [/ence\b/g, 'ense'], // licence, defence
  [/ogue\b/g, 'og'], // catalogue
  [/amme\b/g, 'am'], // programme
  [/elled\b/g, 'eled'], // cancelled, travelled
  [/elling\b/g, 'eling'],
];

/** The key a value is compared by: NFKC, lower case, each word Americanised, separators dropped. */
export const enumerationKey = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[\s\-_.]+/)
    .filter(Boolean)
    .map((word) => BRITISH_TO_AMERICAN.reduce((w, [from, to]) => w.replace(from, to), word))
    .join('');

/** The enumeration's value a person meant by `text`, or undefined when it is none of them. */
export const parseEnumeration = <T extends string>(values: readonly T[], text: string): T | undefined => {
  const exact = values.find((v) => v === text);
  if (exact !== undefined) return exact;
  const key = enumerationKey(text);
  if (key === '') return undefined;
  return values.find((v) => enumerationKey(v) === key);
};

/** For a schema's preprocess: a string that names a value becomes that value; anything else is left as sent. */
export const toEnumeration =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): unknown =>
    typeof v === 'string' ? (parseEnumeration(values, v) ?? v) : v;
