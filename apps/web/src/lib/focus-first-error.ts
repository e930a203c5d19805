/** What marks an invalid control: Mantine inputs set aria-invalid; its PasswordInput only data-invalid. */
const INVALID = '[aria-invalid="true"], [data-invalid="true"]';

/**
 * Spec 1 §5: on a failed submit the first error field is scrolled into view and focused. "First" is the
 * first invalid control inside `root` in document order, i.e. the first on screen; `fallback` is a selector
 * for when none is marked (say a picker whose list is what is wrong). A control taller than most of the
 * screen (the role form's permission matrix) is brought in at its top, where its message is; anything else
 * to the middle. Runs after the next paint, once the messages are rendered, or on a later frame when React
 * has not drawn them yet (a busy phone: CI's loaded Chromium saw no invalid field on the first frame, and
 * nothing was focused). Every form calls it as its react-hook-form `onInvalid`, with
 * `shouldFocusError: false` (react-hook-form's own focus does not scroll a message into view and skips
 * controls without a ref).
 */
export const focusFirstError = (root: HTMLElement | null, fallback?: string, framesLeft = 30) =>
  requestAnimationFrame(() => {
    const el =
      root?.querySelector<HTMLElement>(INVALID) ??
      (fallback ? root?.querySelector<HTMLElement>(fallback) : null) ??
      null;
    if (!el) {
      if (framesLeft > 1 && root?.isConnected) focusFirstError(root, fallback, framesLeft - 1);
      return;
    }
    const tall = el.getBoundingClientRect().height > window.innerHeight * 0.6;
    el.scrollIntoView?.({ behavior: 'smooth', block: tall ? 'start' : 'center' });
    el.focus({ preventScroll: true });
  });
