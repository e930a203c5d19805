import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A dialog about one record, open while the URL hash is `prefix` + the record's id (e.g. '#update-<id>'):
 * a reload keeps it open, Back closes it, and the list's page and filters in the search stay as they are.
 */
export const useHashRecord = (prefix: string) => {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search, hash } = location;
  const id =
    hash.startsWith(prefix) && /^[0-9a-f]{24}$/i.test(hash.slice(prefix.length))
      ? hash.slice(prefix.length)
      : null;
  const open = useCallback(
    (recordId: string) => navigate({ pathname, search, hash: `${prefix}${recordId}` }),
    [navigate, pathname, search, prefix],
  );
  const close = useCallback(
    () => navigate({ pathname, search, hash: '' }, { replace: true }),
    [navigate, pathname, search],
  );
  return { id, open, close };
};
