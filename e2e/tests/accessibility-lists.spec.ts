import { describe, expect, it } from 'vitest';
import { ROTATING_TODAY, scanPage, signedInContexts } from '../support/a11y.ts';
import { useAppAndBrowser } from '../support/browser.ts';

/**
 * WCAG 2 A/AA checks (support/a11y.ts) on the lists and filter panels: the list kit's, alike in their parts,
 * so half of them on even UTC days and half on odd ones (E2E_A11Y_ALL=1 scans all).
 */
describe('accessibility of the lists', () => {
  const env = useAppAndBrowser({ DEMO: 'true' });
  const signedInContext = signedInContexts(env);

  it.each(ROTATING_TODAY)('%s has no serious or critical findings', async (path, heading) => {
    expect(await scanPage(await signedInContext(), path, heading)).toBe('');
  });
});
