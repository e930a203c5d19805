import type { Readable } from 'node:stream';
import {
  ACCOUNTS_ACTIONS,
  ACCOUNTS_MESSAGES,
  ACCOUNTS_RESOURCE,
  type AccountsRange,
  accountsFileName,
  accountsRangeSchema,
  EXPORT_FRAMES_MIME,
  gstr1PeriodSchema,
  ledgerNamesDtoSchema,
  ledgerNamesSchema,
  monthRange,
  REGISTER_KINDS,
  TALLY_XML_MIME,
  XLSX_MIME,
} from '@karya/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { permission, principalOf } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { exportStream } from '../../platform/export-stream.ts';
import { answers, fileAnswer } from '../../platform/openapi-answers.ts';
import { clientIp } from '../../platform/request-info.ts';
import { streamWorkbook } from '../../platform/xlsx-stream.ts';
import {
  ledgerNamesOf,
  logExport,
  registerExport,
  tallyExport,
  updateLedgerNames,
} from './accounts.service.ts';
import { gstr1Export } from './gstr1.ts';

const tags = ['Accounts'];
const TALLY_COMPRESSION = {
  encodings: ['gzip' as const],
  customTypes: /^application\/(vnd\.karya\.export-frames|xml)\b/,
  zlibOptions: { level: 4 },
};
const BASE = '/admin/accounts';
const STREAM_TEXT =
  'Streamed as it is read (a year of documents never sits in memory); with progress=true the answer is the ' +
  `progress stream (${EXPORT_FRAMES_MIME}: the file in frames, the documents written so far, the end). ` +
  'Writes the ACCOUNTS_EXPORT entry in the caller’s activity log (who, when, what, which range) before the ' +
  'file; X-Total-Count says how many documents.';

/**
 * The accountant's hand-off (issue 27 §3; decision 0019): the Tally ledger names, the Tally file of a range,
 * the month's GSTR-1 workbook, and the sales and purchase registers. Each export has its own action.
 */
export const accountsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: {
      what: string;
      range: AccountsRange;
      documents: number;
      name: string;
      mime: string;
      framed: boolean;
    },
    body: () => Readable,
  ) => {
    await logExport(deps, principalOf(request), file.what, file.range, file.documents, {
      ip: clientIp(request),
      userAgent: request.headers['user-agent'],
    });
    return reply
      .header('content-type', file.framed ? EXPORT_FRAMES_MIME : file.mime)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('x-total-count', String(file.documents))
      .header('cache-control', 'no-store')
      .send(body());
  };
  const failed = (request: FastifyRequest, what: string) => (err: unknown) =>
    request.log.error({ err }, `The ${what} export failed part-way`);

  r.get(
    `${BASE}/ledgers`,
    {
      config: { answer: answers(ledgerNamesDtoSchema), access: permission(ACCOUNTS_RESOURCE, 'read') },
      schema: {
        tags,
        summary: 'The Tally ledger names',
        description: 'The ten ledger names a Tally export uses; a name never set is its default.',
      },
    },
    async () => ok(ACCOUNTS_MESSAGES.ledgersFetched, await ledgerNamesOf(deps)),
  );

  r.patch(
    `${BASE}/ledgers`,
    {
      config: { answer: answers(ledgerNamesDtoSchema), access: permission(ACCOUNTS_RESOURCE, 'update') },
      schema: {
        tags,
        summary: 'Set the Tally ledger names',
        description:
          'All ten names (the form sends them together). The four per-rate ledgers may hold {rate} for the GST rate; the names must differ ' +
          'from one another. Recorded in the accounts history.',
        body: ledgerNamesSchema,
      },
    },
    async (request) =>
      ok(ACCOUNTS_MESSAGES.ledgersUpdated, await updateLedgerNames(deps, principalOf(request), request.body)),
  );

  r.get(
    `${BASE}/tally`,
    {
      config: {
        answer: fileAnswer(TALLY_XML_MIME, EXPORT_FRAMES_MIME),
        access: permission(ACCOUNTS_RESOURCE, ACCOUNTS_ACTIONS.tally),
      },
      // XML shrinks about twentyfold: a year's 300 MB file crosses the wire as some 15 MB (the progress
      // frames arrive in the compressor's blocks, a few hundred vouchers apart). The workbooks are zips.
      compress: TALLY_COMPRESSION,
      schema: {
        tags,
        summary: 'The sales and purchases of a range as a TallyPrime import file',
        description:
          'from and to (YYYY-MM-DD, at most a year): the units, the party ledgers, the sales, purchase and ' +
          'tax ledgers and the stock items first, then one voucher per sale and purchase by date, each ' +
          'balanced to the paisa and identified as karya-sale-{id} or karya-purchase-{id} in every export, so ' +
          `a second import alters what the first made. ${STREAM_TEXT}`,
        querystring: accountsRangeSchema,
      },
    },
    async (request, reply) => {
      const range = { from: request.query.from, to: request.query.to };
      const framed = request.query.progress === 'true';
      const tally = await tallyExport(deps, range);
      return send(
        request,
        reply,
        {
          what: 'Tally vouchers',
          range,
          documents: tally.documents,
          name: accountsFileName('tally', range),
          mime: TALLY_XML_MIME,
          framed,
        },
        () => exportStream({ framed, write: tally.write, onError: failed(request, 'Tally') }),
      );
    },
  );

  r.get(
    `${BASE}/gstr1`,
    {
      config: {
        answer: fileAnswer(XLSX_MIME, EXPORT_FRAMES_MIME),
        access: permission(ACCOUNTS_RESOURCE, ACCOUNTS_ACTIONS.gstr1),
      },
      compress: false,
      schema: {
        tags,
        summary: 'The GSTR-1 workbook of a month',
        description:
          'month (YYYY-MM): the sheets b2b, b2cl, b2cs, hsn(b2b) and hsn(b2c) of the GST offline tool, each ' +
          `with its summary rows; together every sale of the month. ${STREAM_TEXT}`,
        querystring: gstr1PeriodSchema,
      },
    },
    async (request, reply) => {
      const range = monthRange(request.query.month);
      const framed = request.query.progress === 'true';
      const gstr1 = await gstr1Export(deps, range);
      return send(
        request,
        reply,
        {
          what: 'the GSTR-1 workbook',
          range,
          documents: gstr1.documents,
          name: accountsFileName('gstr1', range),
          mime: XLSX_MIME,
          framed,
        },
        () => streamWorkbook({ sheets: gstr1.sheets, framed, onError: failed(request, 'GSTR-1') }),
      );
    },
  );

  for (const kind of REGISTER_KINDS)
    r.get(
      `${BASE}/registers/${kind}`,
      {
        config: {
          answer: fileAnswer(XLSX_MIME, EXPORT_FRAMES_MIME),
          access: permission(ACCOUNTS_RESOURCE, ACCOUNTS_ACTIONS.registers),
        },
        compress: false,
        schema: {
          tags,
          summary: `The ${kind === 'sales' ? 'sales' : 'purchase'} register of a range`,
          description:
            'from and to (YYYY-MM-DD, at most a year): one row per document by date (party, GSTIN, place of ' +
            `supply, taxable value, each tax, total), then the totals. ${STREAM_TEXT}`,
          querystring: accountsRangeSchema,
        },
      },
      async (request, reply) => {
        const range = { from: request.query.from, to: request.query.to };
        const framed = request.query.progress === 'true';
        const register = await registerExport(deps, kind, range);
        return send(
          request,
          reply,
          {
            what: `the ${kind === 'sales' ? 'sales' : 'purchase'} register`,
            range,
            documents: register.documents,
            name: accountsFileName(kind, range),
            mime: XLSX_MIME,
            framed,
          },
          () => streamWorkbook({ sheets: [register.sheet], framed, onError: failed(request, 'register') }),
        );
      },
    );
};
