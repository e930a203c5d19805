import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import type { Clock } from './clock.ts';

export const SESSION_COOKIE = 'karya_sid';
/** Remember-me: kept 30 days. */
export const REMEMBER_TTL_MS = 30 * 24 * 3600 * 1000;
/** Browser session: ends after 8 idle hours, and in any case 7 days after sign-in. */
export const IDLE_TTL_MS = 8 * 3600 * 1000;
export const ABSOLUTE_TTL_MS = 7 * 24 * 3600 * 1000;
/** lastSeenAt is written at most this often, so reads stay reads. */
export const TOUCH_EVERY_MS = 60 * 1000;

export type SessionRecord = {
  tokenHash: string;
  userId: string;
  remember: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
};

export type NewSession = { userId: string; remember: boolean; ipAddress?: string; userAgent?: string };

/** Where sessions live. The database store is the default; a Redis store can share them across processes. */
export type SessionStore = {
  create(s: NewSession): Promise<{ token: string; record: SessionRecord }>;
  /** The live session for a cookie token, or null when unknown, expired or idle too long. */
  get(token: string): Promise<SessionRecord | null>;
  destroy(token: string): Promise<void>;
  destroyForUser(userId: string, exceptTokenHash?: string): Promise<void>;
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export const isLive = (s: SessionRecord, now: Date) => {
  if (s.expiresAt.getTime() <= now.getTime()) return false;
  if (!s.remember && now.getTime() - s.lastSeenAt.getTime() > IDLE_TTL_MS) return false;
  return true;
};

export const dbSessionStore = (db: Db, clock: Clock): SessionStore => ({
  async create(s) {
    const token = newToken();
    const now = clock.now();
    const record: SessionRecord = {
      tokenHash: hashToken(token),
      userId: s.userId,
      remember: s.remember,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + (s.remember ? REMEMBER_TTL_MS : ABSOLUTE_TTL_MS)),
    };
    await db.insert(sessions).values({
      ...record,
      ipAddress: s.ipAddress ?? null,
      userAgent: s.userAgent?.slice(0, 500) ?? null,
    });
    // Housekeeping on the way: expired rows go.
    await db.delete(sessions).where(lt(sessions.expiresAt, now));
    return { token, record };
  },
  async get(token) {
    if (!token || token.length > 100) return null;
    const tokenHash = hashToken(token);
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    if (!row) return null;
    const now = clock.now();
    if (!isLive(row, now)) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      return null;
    }
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
      row.lastSeenAt = now;
    }
    return row;
  },
  async destroy(token) {
    await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  },
  async destroyForUser(userId, exceptTokenHash) {
    await db
      .delete(sessions)
      .where(
        exceptTokenHash
          ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash))
          : eq(sessions.userId, userId),
      );
  },
});

export const countSessions = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.n ?? 0;
};
