import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { FileStorage } from './files.ts';
import type { Mailer } from './mail.ts';
import type { RateLimitStore } from './rate-limit.ts';
import type { ReadRouter } from './read-replica.ts';
import type { SessionStore } from './sessions.ts';

/** Everything a module may use; built once in buildApp and handed to every module. */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  storage: FileStorage;
  sessions: SessionStore;
  rateLimit: RateLimitStore;
  version: string;
  /** The read replica's routing (DATABASE_READ_URL): /api/health reports its state and lag. */
  replica?: ReadRouter;
  /** What /api/ready checks: each resolves when its service answers (Redis only when configured). */
  readiness: Record<string, () => Promise<unknown>>;
};
