import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

const PREFIX = 'karya:draft:';
/** Typing is saved once it pauses this long, not on every keystroke. */
export const DRAFT_DELAY_MS = 300;

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

/** What is stored: the form values without the omitted fields, and whatever else the form needs back. */
export type StoredDraft<T, E> = { values: Partial<T>; extra?: E };

export type FormDraftOptions<T extends FieldValues, E> = {
  /** One draft per key; the forms use the page path. */
  key: string;
  /** The values the form started from: a draft is kept only while the form differs from them. */
  base: T;
  /** Top-level fields never stored (secrets); a restored form gets their value from `base`. */
  omit?: readonly (keyof T & string)[];
  /** False: nothing is restored or stored. */
  enabled?: boolean;
  /** Extra data stored with the values (e.g. the names of picked ids), handed back by onRestore. */
  extra?: E;
  onRestore?: (draft: StoredDraft<T, E>) => void;
};

const without = <T extends FieldValues>(values: T, omit: readonly string[]) => {
  const copy: Record<string, unknown> = { ...values };
  for (const field of omit) delete copy[field];
  return copy as Partial<T>;
};

/**
 * Keeps what is typed into a react-hook-form form across reloads: restores a saved draft once on mount,
 * writes the draft (debounced) while the values differ from `base`, removes it when they are equal again.
 * `discard()` throws the draft away and resets the form to `base`; `clear()` is for after a successful save
 * or a confirmed discard: the draft is removed and nothing is written any more.
 */
export const useFormDraft = <T extends FieldValues, E = undefined>(
  form: UseFormReturn<T>,
  { key, base, omit = [], enabled = true, extra, onRestore }: FormDraftOptions<T, E>,
) => {
  const [restored, setRestored] = useState(false);
  // The latest options, read when a timer fires: the subscription below is made once per form, so a
  // change of base or extra does not drop a pending write.
  const latest = useRef({ key, base, omit, enabled, extra, onRestore });
  latest.current = { key, base, omit, enabled, extra, onRestore };
  // Set once the form is saved or discarded: no draft may be written after that.
  const done = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const save = useCallback(() => {
    pending.current = undefined;
    const { key, base, omit, enabled, extra } = latest.current;
    if (done.current || !enabled) return;
    const values = without(form.getValues(), omit);
    if (JSON.stringify(values) === JSON.stringify(without(base, omit))) formDraft.clear(key);
    else formDraft.write(key, { values, extra } satisfies StoredDraft<T, E>);
  }, [form]);

  // Bring back what was typed before a reload or a dropped connection. Once: a background refetch of the
  // record must not overwrite what is being typed.
  const restoredOnce = useRef(false);
  useEffect(() => {
    if (restoredOnce.current) return;
    restoredOnce.current = true;
    const { key, base, omit, enabled, onRestore } = latest.current;
    if (!enabled) return;
    const draft = formDraft.read<StoredDraft<T, E>>(key) as StoredDraft<T, E> | null;
    if (!draft?.values || typeof draft.values !== 'object') return;
    const values = without(draft.values as T, omit);
    form.reset({ ...base, ...values }, { keepDefaultValues: true });
    onRestore?.({ values, extra: draft.extra });
    setRestored(true);
  }, [form]);

  useEffect(() => {
    const sub = form.watch(() => {
      clearTimeout(pending.current);
      pending.current = setTimeout(save, DRAFT_DELAY_MS);
    });
    // A reload or tab close within the delay still keeps the last keystrokes.
    const flush = () => {
      if (pending.current === undefined) return;
      clearTimeout(pending.current);
      save();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      sub.unsubscribe();
      // Leaving the page (e.g. signed out) keeps what was typed; a saved or discarded form wrote nothing.
      flush();
    };
  }, [form, save]);

  const clear = useCallback(() => {
    done.current = true;
    clearTimeout(pending.current);
    pending.current = undefined;
    formDraft.clear(latest.current.key);
    setRestored(false);
  }, []);

  const discard = useCallback(() => {
    clearTimeout(pending.current);
    pending.current = undefined;
    formDraft.clear(latest.current.key);
    form.reset(latest.current.base);
    setRestored(false);
  }, [form]);

  return { restored, discard, clear };
};
