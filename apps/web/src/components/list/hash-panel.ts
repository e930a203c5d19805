import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The hash that opens a list's filter panel (the page header's filter button sets it). */
export const FILTER_HASH = '#filter';

/**
 * A panel that is open while the URL hash is `hash` (e.g. '#filter', '#field-arrangement'): it survives a
 * reload, Back closes it. `open` adds a history entry; `close` removes the hash in place.
 */
export const useHashPanel = (hash: string) => {
  const location = useLocation();
  const navigate = useNavigate();
  const opened = location.hash === hash;
  const { pathname, search } = location;
  const open = useCallback(() => navigate({ pathname, search, hash }), [navigate, pathname, search, hash]);
  const close = useCallback(
    () => navigate({ pathname, search, hash: '' }, { replace: true }),
    [navigate, pathname, search],
  );
  return { opened, open, close };
};
