export const DEFAULT_AFTER_LOGIN = '/hrm';

/**
 * The `redirect` query value is only followed when it is a path on this site: it must start with one '/'
 * (not '//' or '/\', which browsers read as another host) and hold no scheme or control characters.
 * Anything else falls back to the dashboard, so a crafted link cannot send a user elsewhere after sign-in.
 */
export const safeRedirect = (value: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN) => {
  if (!value) return fallback;
  let target = value.trim();
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, 'http://karya.invalid');
    if (url.origin !== 'http://karya.invalid') return fallback;
    target = url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
  // Sending a signed-in user back to the sign-in page would loop.
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login/')) return fallback;
  return target;
};
