import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { type Db, preparedPerDb } from '../db/client.ts';
import { roles, sessions, userRoles, users } from '../db/schema.ts';
import type { AuthFeed } from './auth-feed.ts';
import type { Clock } from './clock.ts';
import { type HolderRefs, holderRefsFrom, holderVersionColumns } from './principal.ts';

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
  /**
   * Which versions of the user and their roles the session stands on, when the store read them in the
   * same round trip as the session (the database store does); otherwise the access check reads them.
   */
  holder?: HolderRefs;
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

/** A new session's cookie token and its record (every store keeps the same record). */
export const newSession = (s: NewSession, now: Date): { token: string; record: SessionRecord } => {
  const token = newToken();
  return {
    token,
    record: {
      tokenHash: hashToken(token),
      userId: s.userId,
      remember: s.remember,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + (s.remember ? REMEMBER_TTL_MS : ABSOLUTE_TTL_MS)),
    },
  };
};

/** A cookie value that could be a token at all (anything else is not looked up). */
export const isTokenShaped = (token: string) => token.length > 0 && token.length <= 100;

/** lastSeenAt is written at most once a minute, so reads stay reads. */
export const needsTouch = (s: SessionRecord, now: Date) =>
  now.getTime() - s.lastSeenAt.getTime() > TOUCH_EVERY_MS;

export const isLive = (s: SessionRecord, now: Date) => {
  if (s.expiresAt.getTime() <= now.getTime()) return false;
  if (!s.remember && now.getTime() - s.lastSeenAt.getTime() > IDLE_TTL_MS) return false;
  return true;
};

/**
 * The session with the versions of its user and the user's roles, in one prepared statement: the first
 * thing every signed-in request does. The rows themselves come from the process's cache when their
 * versions match (principalFor), so what travels per request is a few short columns, not the user's
 * profile and every role's permissions.
 */
const sessionWithHolder = preparedPerDb((db) =>
  db
    .select({
      tokenHash: sessions.tokenHash,
      userId: sessions.userId,
      remember: sessions.remember,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ...holderVersionColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('karya_session_holder'),
);

/**
 * Sessions in the database. With an auth feed (PostgreSQL), a session and its holder's versions are kept in
 * the process between requests and dropped by the feed the moment a write changes them, so a signed-in read
 * costs no statement of its own (decision 0020); without one, each request reads them in one statement.
 */
export const dbSessionStore = (db: Db, clock: Clock, feed?: AuthFeed): SessionStore => {
  const load = async (tokenHash: string): Promise<SessionRecord | null> => {
    const rows = await sessionWithHolder(db).execute({ tokenHash });
    const first = rows[0];
    if (!first) return null;
    const { userVersion: _v, roleId: _r, roleVersion: _rv, ...session } = first;
    // Kept records serve many requests: none may change one.
    return Object.freeze({ ...session, holder: holderRefsFrom(first.userId, rows) ?? undefined });
  };
  return {
    async create(s) {
      const now = clock.now();
      const { token, record } = newSession(s, now);
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
      if (!isTokenShaped(token)) return null;
      const tokenHash = hashToken(token);
      const row = feed ? await feed.session(tokenHash, () => load(tokenHash)) : await load(tokenHash);
      if (!row) return null;
      const now = clock.now();
      if (!isLive(row, now)) {
        feed?.forgetSession(tokenHash);
        await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
        return null;
      }
      if (needsTouch(row, now)) {
        feed?.forgetSession(tokenHash);
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
        return { ...row, lastSeenAt: now };
      }
      return row;
    },
    async destroy(token) {
      feed?.forgetSession(hashToken(token));
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
  };
};

export const countSessions = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.n ?? 0;
};
