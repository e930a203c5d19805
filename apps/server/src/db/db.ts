import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { schema } from './schema.ts';

/** The database handle every service takes; apart from client.ts so that migrate.ts needs nothing from it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
