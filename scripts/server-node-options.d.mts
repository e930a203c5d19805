// Types for the benchmark, which starts the server with the production options (server-node-options.mjs).
export const HEAP_LIMIT_MIB_DEFAULT: number;
export const heapLimitMib: (env?: Record<string, string | undefined>) => number;
export const serverNodeOptions: (env?: Record<string, string | undefined>) => string[];
