import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.ts';

// Stored files (the files module).
export const files = pgTable('files', {
  id: id(),
  storageKey: text('storage_key').notNull().unique(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  ownerId: text('owner_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
