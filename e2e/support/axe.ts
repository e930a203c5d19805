/// <reference lib="dom" />
// The functions handed to evaluate run in the browser.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Until the page is still: every finite animation or transition ended (a dialog fading in, a menu fading
 * out), so axe reads what stays on the screen, not a colour half-way through a fade. Spinners run forever
 * and are not waited for.
 */
export const settled = (page: Page) =>
  page.evaluate(async () => {
    for (let round = 0; round < 10; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });

/**
 * WCAG 2 A/AA checks (axe) on what the page shows once settled, an open dialog included; the serious and critical
 * findings, each with up to three of its elements and axe's message, for an `toEqual([])`.
 */
export const seriousFindings = async (page: Page) => {
  // A toast leaves on its own timer: one that began to fade after the page settled was read half-way
  // (win-loss, stop 38: the description's colour at half opacity). Toasts are closed first, and gone.
  for (const close of await page.getByRole('button', { name: 'Close notification' }).all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`)
          .slice(0, 3)
          .join(' | ')})`,
    );
};
