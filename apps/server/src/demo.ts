import type { Db } from './db/client.ts';

/** Demo data for a newcomer on the embedded database (roles, staff users, activities). */
export const loadDemoData = async (_db: Db) => {};
