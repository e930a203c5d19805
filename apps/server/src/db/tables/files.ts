import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.ts';

// Stored files (the files module). A private file (an expense receipt, decision 0025) is served by /files/{id}
// to its owner only; the others who may see it reach it through its record's own route, which checks scope.
export const files = pgTable('files', {
  id: id(),
  storageKey: text('storage_key').notNull().unique(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  ownerId: text('owner_id'),
  private: boolean('private').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});
