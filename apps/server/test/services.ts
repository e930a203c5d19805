import type { Redis } from 'ioredis';
import pg from 'pg';

/**
 * The outside services some tests need: the PostgreSQL of the suite's second pass (or the one these
 * machines run on 127.0.0.1) and a Redis. Tests that need them skip, saying why, where they do not answer.
 */
export const SERVICE_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SERVICE_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** null when PostgreSQL answers at url, otherwise why not. */
export const postgresProblem = async (url = SERVICE_PG_URL) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${new URL(url).host} did not answer (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
};

/** Removes every key under prefix (what one test run made). */
export const deleteRedisKeys = async (redis: Redis, prefix: string) => {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
};

/** One statement on the service's maintenance database (CREATE / DROP DATABASE), on a connection of its own. */
export const adminQuery = async (text: string) => {
  const client = new pg.Client({ connectionString: SERVICE_PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

/**
 * A database of a test's own on the service's PostgreSQL, named `<prefix>_<pid>_<random>`: its URL, and
 * create / drop (drop forces the sessions of a killed server off first).
 */
export const throwawayDatabase = (prefix: string) => {
  const name = `${prefix}_${process.pid}_${Math.random().toString(16).slice(2, 10)}`;
  const u = new URL(SERVICE_PG_URL);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    create: () => adminQuery(`CREATE DATABASE ${name}`),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {}),
  };
};
