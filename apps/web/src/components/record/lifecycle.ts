import type { BulkResult } from '@karya/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { withLoadingToast } from '../../lib/notify';
import { type ConfirmOptions, confirmAction } from './confirm';

/** The six lifecycle actions of a record type (spec 2 §4, spec 3 §4). */
export const LIFECYCLE_ACTIONS = [
  'remove',
  'restore',
  'removePermanently',
  'bulkRemove',
  'bulkRestore',
  'bulkRemovePermanently',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];
type BulkAction = Extract<LifecycleAction, `bulk${string}`>;

/** What the server answers: `{success, message, data}`; bulk calls carry a BulkResult in `data`. */
export type LifecycleAnswer = { message?: string };
export type BulkLifecycleAnswer = { message?: string; data?: BulkResult };

/** The calls of one record type; leave out what it does not offer. */
export type LifecycleApi = {
  remove?: (id: string) => Promise<LifecycleAnswer>;
  restore?: (id: string) => Promise<LifecycleAnswer>;
  removePermanently?: (id: string) => Promise<LifecycleAnswer>;
  bulkRemove?: (ids: string[]) => Promise<BulkLifecycleAnswer>;
  bulkRestore?: (ids: string[]) => Promise<BulkLifecycleAnswer>;
  bulkRemovePermanently?: (ids: string[]) => Promise<BulkLifecycleAnswer>;
};

export type LifecycleNouns = {
  /** Lower-case singular as used in messages: 'task'. */
  noun: string;
  /** Lower-case plural: 'tasks' (default noun + 's'). */
  plural?: string;
  /** Dialog-title singular: 'Task' (default: noun capitalised). */
  title?: string;
  /** Dialog-title plural: 'Tasks' (default: plural capitalised). */
  titlePlural?: string;
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The default confirmation and loading texts of the six actions, built from the nouns in the wording of
 * spec 2 §8 (tasks) and spec 3 §8: 'Delete Task' / 'Are you sure you want to delete this task?',
 * 'Deleting task', 'Deleting tasks. please wait...'.
 */
export const lifecycleTexts = ({ noun, plural = `${noun}s`, title, titlePlural }: LifecycleNouns) => {
  const One = title ?? capital(noun);
  const Many = titlePlural ?? capital(plural);
  const confirm: Record<LifecycleAction, ConfirmOptions> = {
    remove: {
      title: `Delete ${One}`,
      message: `Are you sure you want to delete this ${noun}?`,
      confirmLabel: 'Delete',
      danger: true,
    },
    restore: {
      title: `Restore ${One}`,
      message: `Are you sure you want to restore this ${noun}?`,
      confirmLabel: 'Restore',
    },
    removePermanently: {
      title: `Permanently Delete ${One}`,
      message: `Are you sure you want to delete this ${noun} permanently? Once deleted, it cannot be restored.`,
      confirmLabel: 'Delete Permanently',
      danger: true,
    },
    bulkRemove: {
      title: `Delete ${Many}`,
      message: `Are you sure you want to delete these ${plural}?`,
      confirmLabel: 'Delete',
      danger: true,
    },
    bulkRestore: {
      title: `Restore ${Many}`,
      message: `Are you sure you want to restore these ${plural}? They will be restored in the active ${Many} section.`,
      confirmLabel: 'Restore',
    },
    bulkRemovePermanently: {
      title: `Permanently Delete ${Many}`,
      message: `Are you sure you want to delete these ${plural} permanently? Once deleted, they cannot be restored.`,
      confirmLabel: 'Delete Permanently',
      danger: true,
    },
  };
  const loading: Record<LifecycleAction, string> = {
    remove: `Deleting ${noun}`,
    restore: `Restoring ${noun}`,
    removePermanently: `Deleting ${noun} permanently`,
    bulkRemove: `Deleting ${plural}. please wait...`,
    bulkRestore: `Restoring ${plural}. please wait...`,
    bulkRemovePermanently: `Deleting ${plural} permanently. please wait...`,
  };
  return { confirm, loading };
};

export type RecordLifecycleConfig<A extends LifecycleApi> = LifecycleNouns & {
  /** The calls; a handler exists for each one given. */
  api: A;
  /** The record type's query-key root, e.g. 'tasks' (recordKeys('tasks').all): lists and details under it refresh. */
  queryRoot: string;
  /** More keys to refresh after a change (e.g. a dashboard). */
  alsoInvalidate?: readonly QueryKey[];
  /** Loading-toast texts that differ from the defaults (spec 2 §8: 'Deleting followUp permanently'). */
  loading?: Partial<Record<LifecycleAction, string>>;
  /** Confirmation texts that differ from the defaults. */
  confirm?: Partial<Record<LifecycleAction, Partial<ConfirmOptions>>>;
};

type Handler<K> = K extends BulkAction
  ? (ids: string[]) => Promise<boolean>
  : (id: string) => Promise<boolean>;

/**
 * One handler per action given in `api` (optional where the api function itself may be absent), plus
 * `running`: whether an action is under way.
 */
export type RecordLifecycle<A extends LifecycleApi> = {
  [K in keyof A & LifecycleAction as undefined extends A[K] ? never : K]-?: Handler<K>;
} & {
  [K in keyof A & LifecycleAction as undefined extends A[K] ? K : never]?: Handler<K>;
} & { running: boolean };

const isBulk = (action: LifecycleAction): action is BulkAction => action.startsWith('bulk');

/**
 * Confirmed lifecycle actions of one record type (delete, restore, delete permanently, and their bulk
 * forms). Each handler asks for confirmation, shows the loading toast that turns into the server's
 * message (bulk answers already summarise what was done), calls the API, refreshes every query under
 * `queryRoot`, and resolves true when the call succeeded (false when cancelled or failed; the toast has
 * shown the error). A repeat of the same action on the same ids while it runs is ignored.
 *
 * ```ts
 * const lifecycle = useRecordLifecycle({ noun: 'task', queryRoot: 'tasks', api: { remove: deleteTask } });
 * if (await lifecycle.remove(id)) navigate('/hrm/tasks');
 * ```
 */
export const useRecordLifecycle = <A extends LifecycleApi>(
  config: RecordLifecycleConfig<A>,
): RecordLifecycle<A> => {
  const client = useQueryClient();
  const running = useRef(new Set<string>());
  const [count, setCount] = useState(0);
  const latest = useRef(config);
  latest.current = config;

  const run = useCallback(
    async (action: LifecycleAction, ids: string[]): Promise<boolean> => {
      const cfg = latest.current;
      const call = cfg.api[action] as ((arg: string | string[]) => Promise<BulkLifecycleAnswer>) | undefined;
      if (!call || ids.length === 0) return false;
      const runKey = `${action}:${ids.join(',')}`;
      if (running.current.has(runKey)) return false;

      const texts = lifecycleTexts(cfg);
      const confirm = { ...texts.confirm[action], ...cfg.confirm?.[action] };
      if (!(await confirmAction(confirm))) return false;
      if (running.current.has(runKey)) return false;

      running.current.add(runKey);
      setCount((n) => n + 1);
      let answer: BulkLifecycleAnswer | undefined;
      try {
        answer = await withLoadingToast(cfg.loading?.[action] ?? texts.loading[action], () =>
          call(isBulk(action) ? ids : ids[0]!),
        );
        return true;
      } catch {
        // The toast has shown the error.
        return false;
      } finally {
        running.current.delete(runKey);
        setCount((n) => n - 1);
        // Records removed for good: drop their details instead of refetching them into a 404.
        const gone =
          answer && (action === 'removePermanently' || action === 'bulkRemovePermanently')
            ? new Set(
                answer.data?.results
                  ? answer.data.results.filter((r) => r.outcome === 'done').map((r) => r._id)
                  : ids,
              )
            : new Set<string>();
        for (const id of gone) client.removeQueries({ queryKey: [cfg.queryRoot, 'detail', id] });
        void client.invalidateQueries({ queryKey: [cfg.queryRoot] });
        for (const key of cfg.alsoInvalidate ?? []) void client.invalidateQueries({ queryKey: key });
      }
    },
    [client],
  );

  const actions = Object.keys(config.api)
    .filter((k): k is LifecycleAction => (LIFECYCLE_ACTIONS as readonly string[]).includes(k))
    .filter((k) => config.api[k] !== undefined)
    .join('|');

  return useMemo(() => {
    const handlers: Record<string, unknown> = { running: count > 0 };
    for (const action of actions ? (actions.split('|') as LifecycleAction[]) : []) {
      handlers[action] = isBulk(action)
        ? (ids: string[]) => run(action, [...new Set(ids)])
        : (id: string) => run(action, [id]);
    }
    return handlers as RecordLifecycle<A>;
  }, [actions, count, run]);
};
