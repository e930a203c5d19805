import { type ActivityType, newId } from '@karya/domain';
import type { Db } from '../db/client.ts';
import { type Device, type Point, userActivities } from '../db/schema.ts';

export type ActivityEntry = {
  userId: string | null;
  type: ActivityType;
  message: string;
  ipAddress?: string | null;
  deviceInfo?: Device | null;
  location?: Point | null;
};

/** Append one entry to the user activity log. */
export const logActivity = async (db: Db, entry: ActivityEntry) => {
  await db.insert(userActivities).values({
    id: newId(),
    userId: entry.userId,
    type: entry.type,
    message: entry.message.slice(0, 500),
    ipAddress: entry.ipAddress ?? null,
    deviceInfo: entry.deviceInfo ?? null,
    location: entry.location ?? null,
  });
};
