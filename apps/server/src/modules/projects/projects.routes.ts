import {
  objectIdSchema,
  PROJECT_FILE_MAX_BYTES,
  projectCreatedSchema,
  projectCreateSchema,
  projectDtoSchema,
  projectIdFilterValue,
  projectListAnswerSchema,
  projectListSpec,
  projectStatusSchema,
  projectSuggestionSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { sendStoredFile } from '../../platform/files.ts';
import {
  EVERY_LIFECYCLE_ACTION,
  lifecycleRoutes,
  registerLifecycleRoutes,
} from '../../platform/lifecycle-routes.ts';
import { readRecordFormWithFiles } from '../../platform/multipart.ts';
import { documentedInput } from '../../platform/openapi.ts';
import { answers, created, fileAnswer } from '../../platform/openapi-answers.ts';
import { numberedSuggestionQuery, registerReadRoutes } from '../../platform/read-routes.ts';
import { PROJECT, PROJECT_FILES, type ProjectFileField } from './project-dto.ts';
import {
  getProject,
  listProjects,
  projectFile,
  projectLifecycle,
  suggestProjects,
} from './projects.service.ts';
import { approveQuotation } from './projects-approve.ts';
import { changeProjectStatus } from './projects-status.ts';

const idParams = z.object({ id: objectIdSchema });
const tags = ['Projects'];
const BASE = '/crm/projects';
const SCOPE_TEXT =
  ' Without view-all on project, only projects of the customers the caller sees exist (404 otherwise).';

/** GET /crm/projects/suggestion: title, or projectId (digits or PI0001), selectedId, customerId. */
const suggestionQuery = numberedSuggestionQuery('projectId', {
  pattern: /^(?:PI)?\d{1,9}$/i,
  invalid: 'Invalid project number',
  parse: projectIdFilterValue,
});

/** The approval form's two files: one PDF each, at most 5 MB (decision 0016). */
const fileSpec = (label: string) => ({
  max: 1,
  maxBytes: PROJECT_FILE_MAX_BYTES,
  tooLarge: PROJECT.fileTooLarge(label),
  tooMany: PROJECT.fileTooMany(label),
});

/** Spec 3 §7 "Projects" (ENDPOINTS.md); decision 0016. */
export const projectsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerReadRoutes(app, {
    base: BASE,
    tags,
    resource: 'project',
    scopeText: SCOPE_TEXT,
    list: {
      spec: projectListSpec,
      answer: projectListAnswerSchema,
      summary: 'List projects',
      description:
        'The Deleted and Deleted By filters need restore or bulk-restore on project. data: projects, projectsCount, page, limit.',
      message: PROJECT.listed,
      run: (principal, query) => listProjects(deps.db, principal, query),
    },
    suggestion: {
      answer: z.array(projectSuggestionSchema),
      query: suggestionQuery,
      summary:
        'Project suggestions (at most 20): by projectId (digits or PI0001) or title; selectedId first; customerId narrows to one customer',
      message: PROJECT.listed,
      run: (principal, query) => suggestProjects(deps.db, principal, query),
    },
    one: {
      answer: projectDtoSchema,
      summary:
        'One project: the approved version’s items, its files (with the url serving each) and its status history',
      message: PROJECT.fetched,
      run: (principal, id) => getProject(deps.db, principal, id),
    },
  });

  for (const field of Object.keys(PROJECT_FILES) as ProjectFileField[])
    r.get(
      `${BASE}/:id/files/${PROJECT_FILES[field].path}`,
      {
        config: { answer: fileAnswer('application/pdf'), access: permission('project', 'read') },
        schema: {
          tags,
          summary: `The project’s ${PROJECT_FILES[field].label.toLowerCase()} (a PDF, inline)`,
          description: `404 when none is attached.${SCOPE_TEXT}`,
          params: idParams,
        },
      },
      async (request, reply) => {
        const file = await projectFile(deps, principalOf(request), request.params.id, field);
        return sendStoredFile(
          reply,
          { mimeType: 'application/pdf', originalName: file.name, data: file.data },
          'private, no-store',
        );
      },
    );

  r.post(
    BASE,
    {
      config: {
        answer: { ...created(projectCreatedSchema), errors: [409] },
        access: permission('project', 'create'),
        swaggerTransform: documentedInput({
          body: projectCreateSchema,
          multipartFile: ['agreementFile', 'purchaseOrderFile'],
        }),
      },
      schema: {
        tags,
        summary:
          'Approve a quotation into a project (multipart: quotation, agreementFile, purchaseOrderFile)',
        description:
          'Each file a PDF by its content, at most 5 MB. The quotation must be decidable (live, its active version Draft or ReQuoted, its review passed or none needed); a second approval answers 409. One transaction: the project (Initiated; title, total price and items from the active version), Approved on the quotation and every version. data: _id, projectId, quotation.',
      },
    },
    async (request, reply) => {
      const { values, files } = await readRecordFormWithFiles(request, {
        files: {
          agreementFile: fileSpec(PROJECT_FILES.agreementFile.label),
          purchaseOrderFile: fileSpec(PROJECT_FILES.purchaseOrderFile.label),
        },
        allowed: Object.keys(projectCreateSchema.shape),
        mode: 'create',
      });
      const input = projectCreateSchema.parse(values);
      return reply
        .status(201)
        .send(ok(PROJECT.approved, await approveQuotation(deps, principalOf(request), input, files)));
    },
  );

  r.patch(
    `${BASE}/:id/status`,
    {
      config: { answer: answers(projectDtoSchema), access: permission('project', 'update') },
      schema: {
        tags,
        summary: 'Change the status: one step forward, or one step back with a reason',
        description: `Each change is kept with who, when and the reason (statusHistory) and in the project's history. Answers the updated project.${SCOPE_TEXT}`,
        params: idParams,
        body: projectStatusSchema,
      },
    },
    async (request) => {
      const { message, data } = await changeProjectStatus(
        deps,
        principalOf(request),
        request.params.id,
        request.body,
      );
      return ok(message, data);
    },
  );

  registerLifecycleRoutes(app, {
    base: BASE,
    tags,
    noun: { one: 'project', many: 'projects' },
    ...lifecycleRoutes(projectLifecycle, deps, 'project', EVERY_LIFECYCLE_ACTION, SCOPE_TEXT),
  });
};
