import { objectIdSchema, XLSX_MIME } from '@karya/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { files } from '../../db/schema.ts';
import { principalOf, signedIn } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { sendStoredFile } from '../../platform/files.ts';
import { fileAnswer } from '../../platform/openapi-answers.ts';

/** Stored files, served only to signed-in users, never sniffed by the browser as something else. */
export const filesRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/files/:id',
    {
      config: {
        answer: fileAnswer('image/jpeg', 'image/png', 'image/webp', 'application/pdf', XLSX_MIME),
        access: signedIn(),
      },
      schema: {
        tags: ['Files'],
        summary: 'Download a stored file',
        params: z.object({ id: objectIdSchema }),
      },
    },
    async (request, reply) => {
      const [file] = await deps.db.select().from(files).where(eq(files.id, request.params.id)).limit(1);
      // A private file (a receipt) is its owner's here; others reach it through its record's route.
      if (!file || (file.private && file.ownerId !== principalOf(request).user.id))
        throw notFound('File not found');
      const data = await deps.storage.get(file.storageKey);
      if (!data) throw notFound('File not found');
      return sendStoredFile(reply, { mimeType: file.mimeType, originalName: file.originalName, data });
    },
  );
};
