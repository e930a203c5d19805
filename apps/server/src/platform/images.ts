import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files, type StoredImage } from '../db/schema.ts';
import { type FileStorage, storeUpload } from './files.ts';

/** A file as a route read it from a multipart form; null when none was sent. */
export type Upload = { data: Buffer; filename: string } | null;

type FileDeps = { db: Db; storage: FileStorage };

/**
 * Store a record's image (a user's profile image, a brand's or a vendor's image): its type is decided by
 * content (`storeUpload`), and the record keeps `{url, fileId}`. No upload, no image.
 */
export const storeImage = async (
  deps: FileDeps,
  upload: Upload,
  ownerId: string,
  allowed: readonly string[],
  wrongTypeMessage: string,
): Promise<StoredImage | null> => {
  if (!upload) return null;
  const stored = await storeUpload(
    deps,
    { data: upload.data, filename: upload.filename, ownerId },
    allowed,
    wrongTypeMessage,
  );
  return { url: stored.url, fileId: stored.id };
};

/** Remove a stored file (row and bytes): to undo an upload, or once a replaced image's change committed. */
export const removeStoredFile = async (deps: FileDeps, fileId: string) => {
  const [row] = await deps.db.delete(files).where(eq(files.id, fileId)).returning();
  if (row) await deps.storage.remove(row.storageKey).catch(() => undefined);
};

/**
 * A write with a freshly stored image (none without an upload): the file is stored first (its type checked
 * by content), and removed again when the write fails, so a refused or failed change leaves no file.
 */
export const withStoredImage = async <R>(
  deps: FileDeps,
  image: { upload: Upload; ownerId: string; allowed: readonly string[]; wrongTypeMessage: string },
  write: (stored: StoredImage | null) => Promise<R>,
): Promise<R> => {
  const stored = await storeImage(deps, image.upload, image.ownerId, image.allowed, image.wrongTypeMessage);
  try {
    return await write(stored);
  } catch (error) {
    if (stored) await removeStoredFile(deps, stored.fileId);
    throw error;
  }
};
