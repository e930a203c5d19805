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
  /** The form: one draft per form and context (see `context`); update forms put the record's id in it. */
  key: string;
  /**
   * What the form was opened for, besides `key`: the navigation prefill (a customer, a requirement, a
   * type…). A draft belongs to the context it was typed in: one made for another context is never shown
   * nor touched here (it stays for its own context), so the prefill always wins over it.
   */
  context?: unknown;
  /** The values the form started from: a draft is kept only while the form differs from them. */
  base: T;
  /** Top-level fields never stored (secrets); a restored form gets their value from `base`. */
  omit?: readonly (keyof T & string)[];
  /** False: nothing is restored or stored. */
  enabled?: boolean;
  /** Extra data stored with the values (e.g. the names of picked ids), handed back by onRestore. */
  extra?: E;
  onRestore?: (draft: StoredDraft<T, E>) => void;
  /**
   * What the offer calls the draft, after 'Restore your unsaved ': e.g. 'follow-up for Kalinga Public
   * School' (from the draft's own values and extra). 'changes' when not given.
   */
  describe?: (draft: StoredDraft<T, E>) => string;
};

/** The sessionStorage key (after the prefix) of a form's draft in a context. */
export const draftStorageKey = (key: string, context?: unknown) => {
  if (context === undefined || context === null || context === '') return key;
  const text = typeof context === 'string' ? context : stableJson(context);
  return text === '{}' ? key : `${key}@${text}`;
};

/** JSON with object keys sorted, so the same context always gives the same key. */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );

const without = <T extends FieldValues>(values: T, omit: readonly string[]) => {
  const copy: Record<string, unknown> = { ...values };
  for (const field of omit) delete copy[field];
  return copy as Partial<T>;
};

/**
 * Keeps what is typed into a react-hook-form form across reloads and leaving (docs: ARCHITECTURE.md,
 * Forms). A draft left in the same form and context is OFFERED on mount, never applied silently: `offer`
 * holds the question ('Restore your unsaved follow-up for Kalinga Public School?'), `restore()` applies it,
 * `discard()` drops it. While an offer is open nothing is written, so the offered draft is not replaced by
 * what is typed meanwhile. The draft is written (debounced) while the values differ from `base` and removed
 * when they are equal again. After a restore, `discard()` throws the draft away and resets the form to
 * `base`; `clear()` is for after a successful save or a confirmed discard: the form's draft is removed
 * (an offer never taken is left for later) and nothing is written any more.
 */
export const useFormDraft = <T extends FieldValues, E = undefined>(
  form: UseFormReturn<T>,
  { key, context, base, omit = [], enabled = true, extra, onRestore, describe }: FormDraftOptions<T, E>,
) => {
  const storageKey = draftStorageKey(key, context);
  const [restored, setRestored] = useState(false);
  const [offered, setOffered] = useState<StoredDraft<T, E> | null>(null);
  // The latest options, read when a timer fires: the subscription below is made once per form, so a
  // change of base or extra does not drop a pending write.
  const latest = useRef({ storageKey, base, omit, enabled, extra, onRestore });
  latest.current = { storageKey, base, omit, enabled, extra, onRestore };
  // Set once the form is saved or discarded: no draft may be written after that.
  const done = useRef(false);
  // Set while a draft is offered and not yet restored or discarded: it is not overwritten meanwhile.
  const offerOpen = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const save = useCallback(() => {
    pending.current = undefined;
    const { storageKey, base, omit, enabled, extra } = latest.current;
    if (done.current || offerOpen.current || !enabled) return;
    const values = without(form.getValues(), omit);
    if (JSON.stringify(values) === JSON.stringify(without(base, omit))) formDraft.clear(storageKey);
    else formDraft.write(storageKey, { values, extra } satisfies StoredDraft<T, E>);
  }, [form]);

  // Offer what was typed before a reload or leaving, once: a background refetch of the record must not
  // bring the offer back.
  const checkedOnce = useRef(false);
  useEffect(() => {
    if (checkedOnce.current) return;
    checkedOnce.current = true;
    const { storageKey, base, omit, enabled } = latest.current;
    if (!enabled) return;
    const draft = formDraft.read<StoredDraft<T, E>>(storageKey) as StoredDraft<T, E> | null;
    if (!draft?.values || typeof draft.values !== 'object') return;
    const values = without(draft.values as T, omit);
    // A draft equal to where the form starts has nothing to offer.
    if (JSON.stringify({ ...without(base, omit), ...values }) === JSON.stringify(without(base, omit))) return;
    offerOpen.current = true;
    setOffered({ values, extra: draft.extra });
  }, []);

  const restore = useCallback(() => {
    if (!offered) return;
    offerOpen.current = false;
    const { base } = latest.current;
    form.reset({ ...base, ...offered.values }, { keepDefaultValues: true });
    latest.current.onRestore?.(offered);
    setOffered(null);
    setRestored(true);
  }, [form, offered]);

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
    // An offer not taken is another piece of work: it stays for the next opening.
    if (!offerOpen.current) formDraft.clear(latest.current.storageKey);
    setRestored(false);
  }, []);

  const discard = useCallback(() => {
    clearTimeout(pending.current);
    pending.current = undefined;
    formDraft.clear(latest.current.storageKey);
    if (offerOpen.current) {
      // Declining the offer leaves the form as it is (prefilled, or already typed into).
      offerOpen.current = false;
      setOffered(null);
      // What was typed while the offer was open is kept from now on.
      save();
      return;
    }
    form.reset(latest.current.base);
    setRestored(false);
  }, [form, save]);

  const offer = offered ? `Restore your unsaved ${describe?.(offered) ?? 'changes'}?` : null;
  return { restored, offer, restore, discard, clear };
};

/** A record's name as a picker keeps it ('CI-0001 · Kalinga Public School'), without the id in front. */
export const nameOnly = (label: string | undefined) => label?.split(' · ').pop()?.trim() || undefined;

/**
 * The offer's words for a record form's draft: 'changes to Kalinga Public School' (or 'to this customer')
 * when updating, 'customer Sai International School' (the name typed, if any) when creating.
 */
export const describeDraft = (noun: string, { updating, name }: { updating: boolean; name?: string }) => {
  const named = name?.trim();
  if (updating) return `changes to ${named || `this ${noun}`}`;
  return named ? `${noun} ${named}` : noun;
};
