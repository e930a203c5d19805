// Without zod (ids.ts builds a schema from it), so the list-query helpers the web client loads stay zod-free.

/** Public ids are 24-hex strings shaped like MongoDB ObjectIds: 4 bytes of seconds, 5 random, 3 counter. */
export const OBJECT_ID_RE = /^[0-9a-f]{24}$/;

/** Readable numbers: a prefix and a zero-padded sequence value, e.g. CI0001, PI000001. */
export const formatSequence = (prefix: string, value: number, width: number) =>
  `${prefix}${String(value).padStart(width, '0')}`;

// The record numbers every list shows beside its own (a quotation's customer and requirement): here, in the
// chunk every route loads, rather than in their entity modules, which a page would otherwise load for one
// line (scripts/size-budget.mjs counts the files a route needs). Their entity modules re-export them.

/** 1 → 'CI0001' (spec 2 §3: CI plus a 4-digit zero-padded number; longer numbers keep every digit). */
export const formatCustomerId = (n: number) => formatSequence('CI', n, 4);
/** 1 → 'RI0001' (spec 2 §9: RI plus a 4-digit zero-padded number; longer numbers keep every digit). */
export const formatRequirementId = (n: number) => formatSequence('RI', n, 4);
/**
 * 1 → 'ARR/0001'; with a version number other than 0, 'ARR/0001/R2' (spec 3 §3, §9). Longer numbers keep
 * every digit. (Rejection analyses, projects and follow-ups show it beside their own.)
 */
export const formatQuotationId = (n: number, versionNumber = 0) =>
  `${formatSequence('ARR/', n, 4)}${versionNumber ? `/R${versionNumber}` : ''}`;
