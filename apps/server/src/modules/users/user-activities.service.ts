import { type ActivityDto, type ActivityType, can, newId } from '@karya/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Device, type Point, userActivities, users } from '../../db/schema.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';

type ActivityRow = typeof userActivities.$inferSelect;

export const toActivityDto = (a: ActivityRow): ActivityDto => ({
  _id: a.id,
  type: a.type,
  ipAddress: a.ipAddress,
  deviceInfo: a.deviceInfo,
  message: a.message,
  location: a.location,
  createdAt: a.createdAt.toISOString(),
});

const assertUserExists = async (db: Db, id: string) => {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  if (!u) throw notFound('User not found');
};

/** A user's activity log, newest first. */
export const listActivities = async (db: Db, userId: string, page: { page: number; limit: number }) => {
  const where = eq(userActivities.userId, userId);
  // Three independent reads side by side; a missing user still answers 404 (its count and page are empty).
  const [[user], [{ n } = { n: 0 }], rows] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1),
    db.select({ n: count() }).from(userActivities).where(where),
    db
      .select()
      .from(userActivities)
      .where(where)
      .orderBy(desc(userActivities.createdAt), desc(userActivities.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
  ]);
  if (!user) throw notFound('User not found');
  return {
    activities: rows.map(toActivityDto),
    activitiesCount: Number(n),
    page: page.page,
    limit: page.limit,
  };
};

/**
 * A client-side event worth auditing (a customer export ...). It is logged for the signed-in user;
 * naming another user needs the activities permission on user, so nobody forges others' logs.
 */
export const createActivity = async (
  db: Db,
  principal: Principal,
  input: {
    type: ActivityType;
    deviceInfo: Device;
    location: { type: 'Point'; coordinates: number[] };
    user?: string;
    message: string;
  },
  ipAddress: string | null,
  now: Date,
): Promise<ActivityDto> => {
  const userId = input.user ?? principal.user.id;
  if (userId !== principal.user.id) {
    if (!can(principal.permissions, 'user', 'activities')) throw forbidden();
    await assertUserExists(db, userId);
  }
  const [row] = await db
    .insert(userActivities)
    .values({
      id: newId(now),
      userId,
      type: input.type,
      message: input.message,
      ipAddress,
      deviceInfo: input.deviceInfo,
      location: input.location as Point,
      createdAt: now,
    })
    .returning();
  return toActivityDto(row!);
};
