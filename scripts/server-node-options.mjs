// The Node options the production server runs with: `npm start` uses them, and so does the benchmark, so
// that what is measured is what runs.
//
// The JavaScript heap is capped at HEAP_LIMIT_MIB (default 256). Without a cap, V8 sizes the heap from the
// machine's memory (about 4 GiB here) and lets garbage pile up between collections: rendering quotation PDFs
// one after another, the server's resident memory rose to 410-425 MiB, with a live heap under 160 MiB; with
// the cap it stayed at about 215 MiB, as fast (ARCHITECTURE.md, "Memory"). Exports and imports stream, and
// run within a 128 MiB heap (bench/src/accounts-export.ts proves the largest).
export const HEAP_LIMIT_MIB_DEFAULT = 256;

/** The heap cap from the environment: a whole number of MiB from 128, or the default. Throws when wrong. */
export const heapLimitMib = (env = process.env) => {
  const raw = env.HEAP_LIMIT_MIB;
  if (raw === undefined || raw === '') return HEAP_LIMIT_MIB_DEFAULT;
  const mib = Number(raw);
  if (!Number.isInteger(mib) || mib < 128)
    throw new Error(`HEAP_LIMIT_MIB must be a whole number of MiB, at least 128 (got "${raw}")`);
  return mib;
};

export const serverNodeOptions = (env = process.env) => [
  '--enable-source-maps',
  `--max-old-space-size=${heapLimitMib(env)}`,
];
