import {
  CUSTOMER_EXPORT_COLUMNS,
  CUSTOMER_EXPORT_MESSAGES,
  type CustomerExportColumn,
  customerListSpec,
  deviceFromUserAgent,
  newId,
  parseCustomerExportColumns,
} from '@karya/domain';
import type { Db } from '../../db/client.ts';
import { type Point, userActivities } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { countList, listBatches } from '../../platform/list-stream.ts';
import type { Principal } from '../../platform/principal.ts';
import { parseList } from '../../platform/records.ts';
import type { CustomerRow } from './customer-dto.ts';
import { customerListSource, customerRowDto } from './customers.service.ts';

/**
 * GET /crm/customers/export (issue 22 part 6): every customer matching the list's filters and sort, in the
 * caller's row scope, with the columns the list shows; the list's own whitelist, scope and permission
 * rules (customerListSource), read in keyset batches and written as a streamed .xlsx.
 */
export type CustomerExportRequest = {
  columns: CustomerExportColumn[];
  framed: boolean;
  location: Point;
  list: ReturnType<typeof parseList>;
};

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v) as string | undefined;
const coordinate = (v: string | undefined, max: number) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  return v.trim() !== '' && v.length <= 30 && Number.isFinite(n) && Math.abs(n) <= max ? n : Number.NaN;
};

/** The query: the list's filters and sort (no page or limit), columns, progress, latitude and longitude. */
export const parseExportQuery = (raw: unknown): CustomerExportRequest => {
  const { columns, progress, latitude, longitude, ...rest } = { ...((raw ?? {}) as Record<string, unknown>) };
  if ('page' in rest || 'limit' in rest)
    throw badRequest('The export takes every matching customer: page and limit do not apply');
  let keys: CustomerExportColumn[];
  try {
    keys = parseCustomerExportColumns(columns as string | string[] | undefined);
  } catch (error) {
    throw badRequest((error as Error).message);
  }
  const p = one(progress);
  if (p !== undefined && p !== 'true' && p !== 'false') throw badRequest('progress must be true or false');
  const lat = coordinate(one(latitude), 90);
  const lng = coordinate(one(longitude), 180);
  // Required, as for the visible page's log entry (spec 2 §7): and so a bare GET writes nothing.
  if (lat === undefined || lng === undefined || Number.isNaN(lat) || Number.isNaN(lng))
    throw badRequest(CUSTOMER_EXPORT_MESSAGES.location);
  return {
    columns: keys,
    framed: p === 'true',
    location: { type: 'Point', coordinates: [lat, lng] },
    list: parseList(rest, customerListSpec),
  };
};

/**
 * Count the rows, record the export in the caller's activity log (CUSTOMER_EXPORT, 'Exported {n}
 * customers', the device from the User-Agent, the location the browser gave), then hand back the rows in
 * batches as sheet values. A refused query (filters, Deleted without bulk-restore …) is refused before
 * anything is written.
 */
export const startCustomerExport = async (
  db: Db,
  principal: Principal,
  request: CustomerExportRequest,
  context: { ip: string | null; userAgent: string | undefined; now: Date },
) => {
  const source = { db, query: request.list, ...customerListSource(principal, request.list) };
  const total = await countList(source);
  await db.insert(userActivities).values({
    id: newId(context.now),
    userId: principal.user.id,
    type: 'CUSTOMER_EXPORT',
    message: CUSTOMER_EXPORT_MESSAGES.logged(total),
    ipAddress: context.ip,
    deviceInfo: deviceFromUserAgent(context.userAgent),
    location: request.location,
    createdAt: context.now,
  });
  const values = request.columns.map((key) => CUSTOMER_EXPORT_COLUMNS[key].value);
  async function* rows() {
    for await (const batch of listBatches<CustomerRow>(source))
      yield batch.map((r) => {
        const dto = customerRowDto(r);
        return values.map((value) => value(dto));
      });
  }
  return {
    total,
    headers: request.columns.map((key) => CUSTOMER_EXPORT_COLUMNS[key].label),
    rows: rows(),
  };
};
