import { boolean, numeric, text, timestamp } from 'drizzle-orm/pg-core';

// The column shapes every table file shares.
export const id = () => text('id').primaryKey();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const stamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

export type Address = { street?: string; city: string; state: string; country: string; zipCode?: string };
export type StoredImage = { url: string; fileId: string };
export type Point = { type: 'Point'; coordinates: [number, number] };
export type Device = { os: string; browser: string; device: string; model: string };

/**
 * The columns of the shared record life (soft delete, who created and changed it). The server stamps them;
 * request bodies never reach them (see platform/records.ts).
 */
export const lifecycle = () => ({
  isDeleted: boolean('is_deleted').notNull().default(false),
  deletedAt: ts('deleted_at'),
  deletedBy: text('deleted_by'),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
  ...stamps,
});

/** Rupees as exact decimals (numeric(14,2)). */
export const rupees = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
