import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The server's first paint (issue 9; apps/server/src/platform/first-paint.ts, entry-server.tsx): for a
 * signed-in visit to a page that shows records, the HTML carries that page already drawn (inert, inside
 * #root) and, in this JSON script, the answers it was drawn from: the session and the page's calls. The app
 * takes them into its query cache before its first render, so that render draws the same page from the
 * same data and replaces the server's markup without a skeleton or a second request in between.
 */
export const FIRST_PAINT_ID = 'karya-first-paint';

/** The answers a page was drawn from: each query's key, data and when the server had it. */
export type FirstPaintState = { queries: { key: QueryKey; data: unknown; at: number }[] };

/** Whether this page load started from the server's first paint (its answers are in the query cache). */
export let hadFirstPaint = false;

/**
 * Puts the server's answers into `client` once (the element is removed); false when the page came without
 * a first paint. (TanStack's own `hydrate` does more than this needs and would weigh on every page's entry.)
 */
export const takeFirstPaint = (client: QueryClient) => {
  const element = document.getElementById(FIRST_PAINT_ID);
  if (!element) return false;
  element.remove();
  try {
    const { queries } = JSON.parse(element.textContent as string) as FirstPaintState;
    for (const q of queries) client.setQueryData(q.key, q.data, { updatedAt: q.at });
    hadFirstPaint = true;
  } catch {
    // A page that cannot be read is drawn again by the app, as without a first paint.
  }
  return hadFirstPaint;
};
