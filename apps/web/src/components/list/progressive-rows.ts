import { startTransition, useEffect, useState } from 'react';

/** Rows drawn in the first commit, and added by each later one. */
export const PROGRESSIVE_FIRST = 6;
export const PROGRESSIVE_STEP = 7;

/**
 * The rows of a list's first page to draw now: the first few at once, then a batch per task until all
 * are drawn. React renders a transition in slices but commits it in one go; twenty cards committed
 * together were the longest task of a list page on a phone (Lighthouse's blocking time), and the first
 * cards are all a phone shows anyway. Only the first data a list shows arrives this way; later pages and
 * filters replace the rows whole, so a list never shrinks and grows again under the user's eyes.
 */
export const useProgressiveRows = <T>(rows: readonly T[]): readonly T[] => {
  const [state, setState] = useState<{ first: readonly T[] | null; count: number }>({
    first: null,
    count: 0,
  });
  let { first, count } = state;
  if (first === null && rows.length > 0) {
    // The first rows this list shows: start drawing them (a render-time update, no extra commit).
    first = rows;
    count = Math.min(PROGRESSIVE_FIRST, rows.length);
    setState({ first, count });
  }
  const growing = first !== null && first === rows && count < rows.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step (a new count) schedules the next
  useEffect(() => {
    if (!growing) return;
    const timer = setTimeout(() =>
      startTransition(() => setState((s) => ({ ...s, count: s.count + PROGRESSIVE_STEP }))),
    );
    return () => clearTimeout(timer);
  }, [growing, count]);
  return growing ? rows.slice(0, count) : rows;
};
