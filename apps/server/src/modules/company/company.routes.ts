import {
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_TOO_LARGE,
  COMPANY_SETTINGS_MESSAGES,
  COMPANY_SETTINGS_PATH,
  COMPANY_SETTINGS_RESOURCE,
  companySettingsDtoSchema,
  companySettingsUpdateSchema,
  HISTORY_MESSAGES,
  historyListSpec,
  historyPageSchema,
} from '@karya/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companySettings } from '../../db/schema.ts';
import { permission, principalOf, signedIn } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { HISTORY_ROUTE_TEXT, historyPage, historyQueryDocs } from '../../platform/history.ts';
import { readRecordForm } from '../../platform/multipart.ts';
import { documentedInput } from '../../platform/openapi.ts';
import { answers } from '../../platform/openapi-answers.ts';
import { parseList, type RecordTable } from '../../platform/record-list.ts';
import {
  COMPANY_RECORD_ID,
  companySettingsRow,
  getCompanySettings,
  updateCompanySettings,
} from './company.service.ts';

const tags = ['Company settings'];
const M = COMPANY_SETTINGS_MESSAGES;

/**
 * Issue 25: the company and bank details a quotation prints. Anyone signed in reads them (every document
 * prints them); changing them needs update on company-settings.
 */
export const companyRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // This process's copy of the company's state (currentCompanyState) before the first request; a database
  // that is not there yet leaves COMPANY_STATE until it answers.
  await companySettingsRow(deps.db, deps.config).catch(() => undefined);

  r.get(
    COMPANY_SETTINGS_PATH,
    {
      config: { answer: answers(companySettingsDtoSchema), access: signedIn() },
      schema: {
        tags,
        summary: 'The company settings',
        description:
          'What a document prints of the company: name, address, GSTIN, state, logo, bank account, terms and ' +
          'declaration. Made from the COMPANY_* environment values on first read.',
      },
    },
    async () => ok(M.fetched, await getCompanySettings(deps)),
  );

  r.patch(
    COMPANY_SETTINGS_PATH,
    {
      config: {
        answer: answers(companySettingsDtoSchema),
        access: permission(COMPANY_SETTINGS_RESOURCE, 'update'),
        swaggerTransform: documentedInput({ body: companySettingsUpdateSchema, multipartFile: 'logo' }),
      },
      schema: {
        tags,
        summary: 'Change the company settings',
        description:
          'multipart/form-data (or JSON without a logo): the fields sent are replaced; the logo (JPEG or PNG ' +
          `by content, at most ${COMPANY_LOGO_MAX_BYTES / 1024 / 1024} MB) in \`logo\`; deleteLogo=true removes it. ` +
          'The GSTIN must be of the state. History records the change.',
      },
    },
    async (request) => {
      const { values, upload } = await readRecordForm(request, {
        fileField: 'logo',
        maxFileBytes: COMPANY_LOGO_MAX_BYTES,
        tooLargeMessage: COMPANY_LOGO_TOO_LARGE,
        allowed: Object.keys(companySettingsUpdateSchema.shape),
        boolean: ['deleteLogo'],
        mode: 'update',
      });
      const input = companySettingsUpdateSchema.parse(values);
      return ok(M.updated, await updateCompanySettings(deps, principalOf(request), input, upload));
    },
  );

  r.get(
    `${COMPANY_SETTINGS_PATH}/history`,
    {
      config: {
        access: permission(COMPANY_SETTINGS_RESOURCE, 'read'),
        answer: answers(historyPageSchema),
        swaggerTransform: historyQueryDocs,
      },
      schema: { tags, summary: 'The company settings’ history', description: HISTORY_ROUTE_TEXT },
    },
    async (request) => {
      await getCompanySettings(deps);
      return ok(
        HISTORY_MESSAGES.fetched,
        await historyPage({
          db: deps.db,
          principal: principalOf(request),
          entity: COMPANY_SETTINGS_RESOURCE,
          // historyPage reads only the table's id.
          table: companySettings as unknown as RecordTable,
          id: COMPANY_RECORD_ID,
          messages: { notFound: 'Company settings not found' },
          query: parseList(request.query, historyListSpec),
        }),
      );
    },
  );
};
