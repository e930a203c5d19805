import {
  EXPENSE_MESSAGES,
  EXPENSE_RECEIPT_MAX_BYTES,
  EXPENSE_RECEIPT_TYPES,
  type ExpenseReceiptDto,
} from '@karya/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { expenseClaims, expenseLines, files } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { sendStoredFile, storeUpload } from '../../platform/files.ts';
import { readMultipart } from '../../platform/multipart.ts';
import type { Principal } from '../../platform/principal.ts';
import { expenseScope } from './expense-scope.ts';

const M = EXPENSE_MESSAGES;

/**
 * POST /hrm/expenses/receipts: a photo or PDF (by its content, 5 MB), stored private to the uploader until a
 * line of their claim names it. One not attached is the uploader's alone.
 */
export const uploadReceipt = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  principal: Principal,
  request: FastifyRequest,
): Promise<ExpenseReceiptDto> => {
  const form = await readMultipart(request, {
    fileField: 'file',
    maxFileBytes: EXPENSE_RECEIPT_MAX_BYTES,
    tooLargeMessage: M.receiptTooLarge,
  });
  if (!form.file) throw badRequest(M.receiptRequired);
  const stored = await storeUpload(
    deps,
    { data: form.file.data, filename: form.file.filename, ownerId: principal.user.id, private: true },
    EXPENSE_RECEIPT_TYPES,
    M.receiptWrongType,
  );
  return { _id: stored.id, originalName: stored.originalName, mimeType: stored.mimeType, size: stored.size };
};

/** GET /hrm/expenses/{id}/receipts/{fileId}: a receipt of a claim the caller sees. */
export const sendReceipt = async (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  principal: Principal,
  ids: { id: string; fileId: string },
  reply: FastifyReply,
) => {
  const [file] = await deps.db
    .select({ key: files.storageKey, mimeType: files.mimeType, originalName: files.originalName })
    .from(expenseLines)
    .innerJoin(expenseClaims, eq(expenseClaims.id, expenseLines.claimId))
    .innerJoin(files, eq(files.id, expenseLines.receiptFileId))
    .where(
      and(
        eq(expenseLines.claimId, ids.id),
        eq(expenseLines.receiptFileId, ids.fileId),
        expenseScope(principal),
      ),
    )
    .limit(1);
  const data = file ? await deps.storage.get(file.key) : null;
  if (!file || !data) throw notFound('Receipt not found');
  return sendStoredFile(reply, { mimeType: file.mimeType, originalName: file.originalName, data });
};
