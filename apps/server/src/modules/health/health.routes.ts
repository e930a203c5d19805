import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { publicAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';

export const healthRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  app.get(
    '/health',
    {
      config: { access: publicAccess },
      schema: { tags: ['Health'], summary: 'Liveness, version and database kind' },
    },
    async () => {
      await deps.db.execute(sql`select 1`);
      return ok('OK', { status: 'ok', version: deps.version, database: deps.database.kind });
    },
  );
};
