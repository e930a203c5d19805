/** Time comes from here so tests can move it (idle and absolute session timeouts, code expiry). */
export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };
