/// <reference lib="dom" />
// The functions handed to evaluate run in the browser.
import type { Locator, Page } from 'playwright-core';

/** How far the page reaches past the window's width (0 or less when nothing needs sideways scrolling). */
export const sideways = (page: Page) =>
  page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );

/** The smallest target WCAG 2.2 accepts (2.5.8, Target Size Minimum), in CSS pixels. */
export const MIN_TARGET = 24;

/**
 * The buttons, links styled as buttons, inputs and selects inside `scope` that a thumb cannot use: smaller
 * than 24 × 24 px, reaching past the window's edge, or a button whose words are cut off. Each as
 * 'name (w×h at x)'; hidden ones are skipped.
 */
export const unusableTargets = (scope: Locator) =>
  scope.evaluate((root, min) => {
    const width = window.innerWidth;
    const targets = root.querySelectorAll<HTMLElement>(
      'button, [role="button"], a.mantine-Button-root, input:not([type="hidden"]):not([type="file"]), select, textarea',
    );
    const bad: string[] = [];
    for (const el of targets) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // A visually hidden input whose label is the target (a checkbox, a radio), not itself.
      if (style.opacity === '0' || el.closest('[aria-hidden="true"]')) continue;
      const small = box.width < min || box.height < min;
      const outside = box.left < -1 || box.right > width + 1;
      // A button whose words do not fit: Mantine's label cuts them off rather than wrapping.
      const label = el.querySelector<HTMLElement>('.mantine-Button-label');
      const cut = label !== null && label.scrollWidth > label.clientWidth + 1;
      if (small || outside || cut) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        const size = `${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.left)}`;
        bad.push(`${name.slice(0, 40)} (${size}${cut ? ', words cut off' : ''})`);
      }
    }
    return bad;
  }, MIN_TARGET);
