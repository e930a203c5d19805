import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const KEY_PREFIX = 'karya:scroll:';

/** Forms and the rejection analysis always open at the top (spec 1 §2 Shell). */
export const shouldRestoreScroll = (pathname: string) => {
  const path = pathname.replace(/\/+$/, '');
  if (/\/(create|update|re-quotation)$/.test(path)) return false;
  return path !== '/admin/rejection-analysis';
};

const read = (key: string) => {
  try {
    const v = Number(sessionStorage.getItem(KEY_PREFIX + key));
    return Number.isFinite(v) ? v : 0;
  } catch {
    return 0;
  }
};

const write = (key: string, y: number) => {
  try {
    sessionStorage.setItem(KEY_PREFIX + key, String(Math.round(y)));
  } catch {
    // Storage full or disabled: scroll memory is a nicety, never an error.
  }
};

/**
 * Remember the scroll position per URL for the browser session and restore it when the user comes back
 * (back/forward); a new navigation starts at the top. Lists load after the page renders, so the restore
 * retries for a moment until the page is tall enough.
 */
export const useScrollRestoration = () => {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = location.pathname + location.search;
  const current = useRef(key);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => write(current.current, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    const pathname = key.split('?')[0] ?? '/';
    const target = navigationType === 'POP' && shouldRestoreScroll(pathname) ? read(key) : 0;
    window.scrollTo(0, target);
    if (target === 0) return;
    let tries = 0;
    let timer = 0;
    const retry = () => {
      if (current.current !== key || Math.abs(window.scrollY - target) < 2 || tries++ > 20) return;
      window.scrollTo(0, target);
      timer = window.setTimeout(retry, 100);
    };
    timer = window.setTimeout(retry, 50);
    return () => window.clearTimeout(timer);
  }, [key, navigationType]);
};
