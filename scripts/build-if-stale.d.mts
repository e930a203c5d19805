// Types for the server tests that build the web app when it is missing or stale (first-paint.test.ts).
export const root: string;
export const buildWebIfStale: () => void;
export const buildIfStale: () => void;
