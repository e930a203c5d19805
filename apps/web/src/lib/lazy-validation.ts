import { useEffect, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { notifyError } from './notify';

export const VALIDATION_LOAD_FAILED = 'The form could not be checked. Check your connection and try again.';

/**
 * A form's validation code (zod, the resolver and the domain's schemas: some 39 KB gzip) as a chunk of its
 * own, fetched while the form renders instead of before it: the form shows and takes input meanwhile, and
 * a submit waits for it (ARCHITECTURE, "Delivery"). `load` is `() => import('./x-validation')`, a module
 * that imports the schemas and builds what the form needs.
 */
export const lazyValidation = <M>(load: () => Promise<M>) => {
  let pending: Promise<M> | null = null;
  let loaded: M | null = null;
  const get = () => {
    pending ??= load().then(
      (m) => {
        loaded = m;
        return m;
      },
      (error: unknown) => {
        // A failed download (connection dropped) is tried again on the next use.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return {
    get,
    /** The module if it has arrived, else null (for a synchronous check, after `get` has resolved). */
    current: () => loaded,
    /** Starts the download (a form calls it as it mounts, through `use`). */
    preload: () => void get().catch(() => undefined),
    /**
     * A react-hook-form resolver that waits for the module, then runs the resolver `pick` returns. If the
     * chunk cannot be loaded the submit is refused with a message, never silently.
     */
    resolver:
      <T extends FieldValues>(pick: (m: M) => Resolver<T>): Resolver<T> =>
      async (values, context, options) => {
        let m: M;
        try {
          m = await get();
        } catch {
          notifyError(new Error(VALIDATION_LOAD_FAILED));
          return { values: {}, errors: { root: { type: 'load', message: VALIDATION_LOAD_FAILED } } } as never;
        }
        return pick(m)(values, context, options);
      },
    /** The module in a component: starts the download on mount; null until it has arrived. */
    use: () => {
      const [m, setM] = useState<M | null>(loaded);
      useEffect(() => {
        if (!m) get().then(setM, () => undefined);
      }, [m]);
      return m;
    },
  };
};
