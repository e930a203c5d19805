import { AsyncLocalStorage } from 'node:async_hooks';
import { CURRENT_DB, type Db } from '../db/client.ts';

/**
 * One transaction around a whole request's writes (issue 22 §2): an idempotent write claims its key inside
 * the same transaction as the write itself, so a process killed before the commit leaves neither the write
 * nor the claim, and one killed after leaves both, with the answer to replay.
 *
 * The request runs inside `RequestTransaction.run`; `scopedDb` (the handle every module gets) sends each
 * call to the request's open transaction while there is one in this async context, else to the pool. A
 * service's own `db.transaction(fn)` then becomes a savepoint inside it: its rollback on an error is what it
 * was. The transaction opens when the request's body has been read (JSON: at once; multipart: when the form
 * reader has read every part, `requestBodyRead`), so a slow upload holds no connection and, on the embedded
 * database, blocks nobody.
 */
type Scope = {
  /** The open transaction while the handler runs in it; null before it opens and once the answer is in. */
  tx: Db | null;
  begin: () => Promise<void>;
  /** Work to do once the request's transaction is known not to have committed (whenUndone). */
  undone: (() => Promise<void>)[];
  /** A read request's replica (DATABASE_READ_URL, platform/read-replica.ts): its reads outside a transaction go there. */
  read?: Db;
};
const storage = new AsyncLocalStorage<Scope>();

/** What a read scope still sends to the primary: writes, and a transaction with everything in it. */
const PRIMARY_ONLY = new Set<PropertyKey>([
  'insert',
  'update',
  'delete',
  'transaction',
  'refreshMaterializedView',
]);

/** `target`'s member `prop`, bound to it once (a pool's methods are looked up on every call). */
const boundOf = (bound: Map<PropertyKey, unknown>, target: Db, prop: PropertyKey) => {
  let value = bound.get(prop);
  if (value === undefined) {
    value = Reflect.get(target, prop, target);
    if (typeof value === 'function') value = (value as (...a: unknown[]) => unknown).bind(target);
    bound.set(prop, value);
  }
  return value;
};

/**
 * The database handle of every module: the pool, or the request's transaction while one is open for the
 * calling request, or in a read request given a replica (`readingFrom`) the replica for what reads
 * (select, query, execute), the primary for what writes. Bound methods of each pool are made once.
 */
export const scopedDb = (db: Db): Db => {
  const bound = new Map<PropertyKey, unknown>();
  const boundRead = new WeakMap<Db, Map<PropertyKey, unknown>>();
  return new Proxy(db, {
    get(target, prop) {
      const scope = storage.getStore();
      const tx = scope?.tx;
      if (prop === CURRENT_DB) return tx ?? scope?.read ?? target;
      if (tx) {
        const value = Reflect.get(tx, prop, tx);
        return typeof value === 'function' ? value.bind(tx) : value;
      }
      const read = scope?.read;
      if (read && !PRIMARY_ONLY.has(prop)) {
        let map = boundRead.get(read);
        if (!map) {
          map = new Map();
          boundRead.set(read, map);
        }
        return boundOf(map, read, prop);
      }
      return boundOf(bound, target, prop);
    },
  });
};

/**
 * Runs a read request's handler with its reads outside a transaction sent to `replica` (see scopedDb).
 * Only where nothing is in scope yet: a request's session and permission checks run before, on the primary.
 */
export const readingFrom = <T>(replica: Db, fn: () => T): T =>
  storage.getStore()
    ? fn()
    : storage.run({ tx: null, begin: () => Promise.resolve(), undone: [], read: replica }, fn);

/** Called by the multipart form readers once every part is read: the request's transaction may open. */
export const requestBodyRead = async () => {
  await storage.getStore()?.begin();
};

/**
 * `undo` runs if the request's transaction ends without committing (rolled back, or its commit failed),
 * after it has ended: bytes a write stored outside the database (a file) go with the rows that named them.
 * Outside a request transaction there is nothing to wait for: answers false and the caller's own
 * transaction decides.
 */
export const whenUndone = (undo: () => Promise<void>): boolean => {
  const scope = storage.getStore();
  if (!scope?.tx) return false;
  scope.undone.push(undo);
  return true;
};

/** What the transaction does once the handler is done: keep the writes (and do `last` first), or undo all. */
export type Ending = { commit: true; last: (tx: Db) => Promise<void> } | { commit: false };
class Undo extends Error {}

/**
 * A request run in its own transaction. `open(tx)` is the first statement in it (the claim); it answers
 * false when the request must not go on (the transaction ends, nothing written), and `run` then rejects with
 * what `open` threw or `refusal()`. The handler's result or error is given to `end` for the ending.
 */
export const runInRequestTransaction = async <T>(opts: {
  db: Db;
  /** Open at once (a JSON body), or when the form reader calls `requestBodyRead` (multipart). */
  eager: boolean;
  open: (tx: Db) => Promise<void>;
  handler: () => Promise<T>;
  end: (outcome: { result: T } | { error: unknown }) => Ending;
}): Promise<T> => {
  let finish!: (ending: Ending) => void;
  const ended = new Promise<Ending>((resolve) => {
    finish = resolve;
  });
  let done: Promise<void> | undefined;
  let opened = false;
  const scope: Scope = { tx: null, begin: () => Promise.resolve(), undone: [] };
  let committed = false;
  let begun: Promise<void> | undefined;
  scope.begin = () => {
    begun ??= new Promise<void>((resolveOpen, rejectOpen) => {
      done = opts.db
        .transaction(async (tx) => {
          await opts.open(tx);
          scope.tx = tx;
          opened = true;
          resolveOpen();
          const ending = await ended;
          scope.tx = null;
          if (!ending.commit) throw new Undo();
          await ending.last(tx);
        })
        .then(() => {
          committed = true;
        })
        .catch((error) => {
          scope.tx = null;
          if (!opened) rejectOpen(error);
          if (!(error instanceof Undo)) throw error;
        });
      // Before it opens, a failure reaches the caller through rejectOpen; `done` is awaited only once open.
      done.catch(() => undefined);
    });
    return begun;
  };

  let outcome: { result: T } | { error: unknown };
  try {
    if (opts.eager) await scope.begin();
    outcome = { result: await storage.run(scope, opts.handler) };
  } catch (error) {
    outcome = { error };
  }
  if (!opened) {
    // Never opened (the claim refused it, or a multipart route that read no form): nothing to end.
    if ('error' in outcome) throw outcome.error;
    return outcome.result;
  }
  finish(opts.end(outcome));
  try {
    await done;
  } catch (error) {
    // A refusal whose transaction could not end as planned (a statement failed inside it) is still that
    // refusal; nothing of it is kept.
    if ('error' in outcome) throw outcome.error;
    throw error;
  } finally {
    // Rolled back, or the commit failed: what was stored outside the database for it goes too.
    if (!committed) for (const undo of scope.undone) await undo().catch(() => undefined);
  }
  if ('error' in outcome) throw outcome.error;
  return outcome.result;
};
