import { useEffect } from 'react';

const PREFIX = 'karya:draft:';

/**
 * Unsaved form values kept in sessionStorage per page, so a reload or a dropped connection does not lose
 * what was typed. Session storage dies with the tab, and secrets (passwords) are never put in it.
 */
export const formDraft = {
  read: <T>(key: string): Partial<T> | null => {
    try {
      const raw = sessionStorage.getItem(PREFIX + key);
      return raw ? (JSON.parse(raw) as Partial<T>) : null;
    } catch {
      return null;
    }
  },
  write: (key: string, value: unknown) => {
    try {
      sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // Storage full or disabled: the draft is a convenience, the form still works.
    }
  },
  clear: (key: string) => {
    try {
      sessionStorage.removeItem(PREFIX + key);
    } catch {
      // ignored, as above
    }
  },
};

/** Ask the browser to confirm leaving the page while the form holds unsaved changes. */
export const useWarnOnUnload = (dirty: boolean) => {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
};
