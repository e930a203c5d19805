import {
  bulkIdsSchema,
  bulkResultSchema,
  HISTORY_MESSAGES,
  historyListSpec,
  historyPageSchema,
  type ListQuery,
  nullData,
  objectIdSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { type Access, permission, principalOf } from './access.ts';
import { ok } from './envelope.ts';
import { HISTORY_ROUTE_TEXT, historyQueryDocs } from './history.ts';
import type { LifecycleDeps, RecordLifecycle } from './lifecycle-service.ts';
import { answers } from './openapi-answers.ts';
import type { Principal } from './principal.ts';
import type { BulkOperation } from './record-lifecycle.ts';
import { parseList } from './record-list.ts';

/** What a lifecycle call answers: the envelope's message and data (none → null). */
export type LifecycleOutcome = { message: string; data?: unknown };

type Route<Input> = {
  /** The permission this route needs, written at the call site: permission('team', 'delete'). */
  access: Access;
  /** OpenAPI text when the default (from the noun) does not say it. */
  summary?: string;
  description?: string;
  /** The service call; routes stay thin (GUIDE convention 2). */
  run: (principal: Principal, input: Input) => Promise<LifecycleOutcome>;
  /** The answer's data, for the OpenAPI document (undescribed when left out). */
  answer?: ZodType;
};

export type LifecycleRoutesSpec = {
  /** The record type's path, e.g. '/admin/teams'. */
  base: string;
  tags: string[];
  /** For the default summaries: { one: 'team', many: 'teams' }. */
  noun: { one: string; many: string };
  /** DELETE base/:id, PATCH base/:id/restore, DELETE base/:id/permanent. */
  remove?: Route<string>;
  restore?: Route<string>;
  removePermanently?: Route<string>;
  /** DELETE base/bulk, PATCH base/bulk/restore, DELETE base/bulk/permanent (body {ids}, 1 to 100). */
  bulkRemove?: Route<string[]>;
  bulkRestore?: Route<string[]>;
  bulkRemovePermanently?: Route<string[]>;
  /** GET base/:id/history (page, limit): the record's history, newest first (platform/history.ts). */
  history?: {
    access: Access;
    /** Added to the shared description, e.g. the row-scope rule. */
    description?: string;
    run: (principal: Principal, id: string, query: ListQuery) => Promise<unknown>;
    /** The answer's data, for the OpenAPI document (undescribed when left out). */
    answer?: ZodType;
  };
};

const idParams = z.object({ id: objectIdSchema });
const documented = (answer: ZodType | undefined) => (answer ? { answer: answers(answer) } : {});

/**
 * Registers the lifecycle routes a record type has (GUIDE convention 7 and 8): only the paths, the
 * id/ids schemas, the default OpenAPI summaries and the envelope are shared. Each route's permission and
 * service call are stated by the module at the call site, and a route left out does not exist. The bulk
 * paths are registered before /:id so "bulk" is never read as an id.
 */
export const registerLifecycleRoutes = (app: FastifyInstance, spec: LifecycleRoutesSpec) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { base, tags, noun } = spec;
  const send = ({ message, data }: LifecycleOutcome) => ok(message, data ?? null);
  const docs = (route: Pick<Route<never>, 'summary' | 'description'>, summary: string) => ({
    tags,
    summary: route.summary ?? summary,
    ...(route.description ? { description: route.description } : {}),
  });

  const bulk = (
    method: 'delete' | 'patch',
    url: string,
    route: Route<string[]> | undefined,
    summary: string,
  ) => {
    if (!route) return;
    r[method](
      url,
      {
        config: { access: route.access, ...documented(route.answer) },
        schema: { ...docs(route, summary), body: bulkIdsSchema },
      },
      async (request) => send(await route.run(principalOf(request), request.body.ids)),
    );
  };
  const one = (
    method: 'delete' | 'patch',
    url: string,
    route: Route<string> | undefined,
    summary: string,
  ) => {
    if (!route) return;
    r[method](
      url,
      {
        config: { access: route.access, ...documented(route.answer) },
        schema: { ...docs(route, summary), params: idParams },
      },
      async (request) => send(await route.run(principalOf(request), request.params.id)),
    );
  };

  bulk('delete', `${base}/bulk`, spec.bulkRemove, `Delete ${noun.many} (soft), at most 100`);
  bulk('patch', `${base}/bulk/restore`, spec.bulkRestore, `Restore deleted ${noun.many}, at most 100`);
  bulk(
    'delete',
    `${base}/bulk/permanent`,
    spec.bulkRemovePermanently,
    `Delete deleted ${noun.many} for good, at most 100`,
  );
  one('delete', `${base}/:id`, spec.remove, `Delete a ${noun.one} (soft)`);
  one('patch', `${base}/:id/restore`, spec.restore, `Restore a deleted ${noun.one}`);
  one('delete', `${base}/:id/permanent`, spec.removePermanently, `Delete a deleted ${noun.one} for good`);

  const history = spec.history;
  if (history) {
    r.get(
      `${base}/:id/history`,
      {
        config: {
          access: history.access,
          swaggerTransform: historyQueryDocs,
          ...documented(history.answer ?? historyPageSchema),
        },
        schema: {
          tags,
          summary: `A ${noun.one}'s history`,
          description: HISTORY_ROUTE_TEXT + (history.description ?? ''),
          params: idParams,
        },
      },
      async (request) =>
        ok(
          HISTORY_MESSAGES.fetched,
          await history.run(
            principalOf(request),
            request.params.id,
            parseList(request.query, historyListSpec),
          ),
        ),
    );
  }
};

/** A bulk service answer ({message, result}, as records' bulkLifecycle callers return it) as an outcome. */
export const bulkOutcome = async (answer: Promise<{ message: string; result: unknown }>) => {
  const { message, result } = await answer;
  return { message, data: result };
};

/** The permission of each lifecycle route, by which its route exists: 'bulk-delete' → DELETE base/bulk. */
const ROUTE_OF = {
  delete: 'remove',
  restore: 'restore',
  'delete-permanently': 'removePermanently',
  'bulk-delete': 'bulkRemove',
  'bulk-restore': 'bulkRestore',
  'bulk-delete-permanently': 'bulkRemovePermanently',
  read: 'history',
} as const;
export type LifecycleAction = keyof typeof ROUTE_OF;

/**
 * Every lifecycle route, each by its same-named action (delete, restore, delete-permanently, the three bulk
 * forms, read for the history): for a record type that has them all (quotations, projects).
 */
export const EVERY_LIFECYCLE_ACTION = Object.keys(ROUTE_OF) as readonly LifecycleAction[];

/**
 * The lifecycle routes of a record type whose tail is `recordLifecycle`'s, to spread into
 * registerLifecycleRoutes. The module names at its call site the permissions on its resource, and a route
 * exists only when its permission is named (delete → DELETE /:id, bulk-restore → PATCH /bulk/restore, read →
 * GET /:id/history, …). Each answer carries the record type's own message and what its call returns.
 */
export const lifecycleRoutes = (
  l: RecordLifecycle,
  deps: LifecycleDeps,
  resource: string,
  actions: readonly LifecycleAction[],
  /** Added to the history route's description, e.g. the row-scope rule. */
  historyText?: string,
): Partial<LifecycleRoutesSpec> => {
  const m = l.messages;
  // A record lifecycle's delete, restore and permanent delete return nothing, so each answers data null.
  const one = (message: string, call: (d: LifecycleDeps, p: Principal, id: string) => Promise<void>) =>
    ({
      run: async (p, id) => ({ message, data: await call(deps, p, id) }),
      answer: nullData,
    }) satisfies Partial<Route<string>>;
  const bulk = (operation: BulkOperation) =>
    ({
      run: (p, ids) => bulkOutcome(l.bulk(deps, p, operation, ids)),
      answer: bulkResultSchema,
    }) satisfies Partial<Route<string[]>>;
  const calls = {
    remove: one(m.deleted, l.remove),
    restore: one(m.restored, l.restore),
    removePermanently: one(m.deletedPermanently, l.removePermanently),
    bulkRemove: bulk('delete'),
    bulkRestore: bulk('restore'),
    bulkRemovePermanently: bulk('deletePermanently'),
    history: {
      description: historyText,
      run: (p: Principal, id: string, query: ListQuery) => l.history(deps.db, p, id, query),
      answer: historyPageSchema,
    },
  };
  return Object.fromEntries(
    actions.map((action) => {
      const route = ROUTE_OF[action];
      return [route, { access: permission(resource, action), ...calls[route] }];
    }),
  );
};
