// A quotation's answer (QuotationDto) built as JSON by one statement (decision 0027): GET /crm/quotations/{id}
// passes it on as text; the writes' answers and the document parse it (`detail`), so there is one shape, the
// statement's. A quotation's detail is read on every open; in the server, turning its versions' JSON into
// rows, the rows into the answer and the answer into JSON again was most of the request's own work.
// quotation-detail.test.ts holds the answer to the rows, column for column.
import type { QuotationDto } from '@karya/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, preparedPerDb } from '../../db/client.ts';
import { productItems, quotationLines, quotations, quotationVersions, users } from '../../db/schema.ts';
import { RawJson } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { type Scope, userJson } from '../../platform/records.ts';
import { QUOTATION, quotationSelect, type Tx } from './quotation-dto.ts';

const outer = (column: string) => sql.raw(`"quotations"."${column}"`);
/** A timestamp as the answers write it (`Date#toISOString`: UTC, milliseconds, Z). */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
/** A user as an answer names them (UserRef), from the people the quotation names; null when none. */
const person = (column: string) => sql.raw(`(p.people -> ${column})`);

const line = sql`json_build_object('item', case when l.item_id is null then null else json_build_object('_id', l.item_id, 'isDeleted', coalesce(i.is_deleted, false)) end, 'name', l.name, 'sku', l.sku, 'modalNo', l.modal_no, 'hsn', l.hsn, 'brand', l.brand_name, 'description', l.description, 'quantity', l.quantity, 'marginTier', l.margin_tier, 'marginPercentage', l.margin_percentage, 'gst', l.gst, 'gstZeroKind', l.gst_zero_kind, 'unitPrice', l.unit_price, 'gstPerUnit', l.gst_per_unit, 'taxableAmount', l.taxable_amount, 'gstAmount', l.gst_amount, 'totalPrice', l.total_price)`;
const lines = sql`(select coalesce(json_agg(${line} order by l.line_no), '[]'::json) from ${quotationLines} l left join ${productItems} i on i.id = l.item_id where l.version_id = v.id)`;
const review = sql`case when v.review_status is null then null else json_build_object('status', v.review_status, 'reason', v.review_reason, 'reviewedBy', ${person('v.reviewed_by')}, 'reviewedAt', ${iso('v.reviewed_at')}) end`;
const version = sql`json_build_object('_id', v.id, 'versionNumber', v.version_number, 'title', v.title, 'status', v.status, 'validUntil', v.valid_until, 'notes', v.notes, 'items', ${lines}, 'taxableAmount', v.taxable_amount, 'totalGSTAmount', v.total_gst_amount, 'totalPrice', v.total_price, 'totalAmount', v.total_price, 'gstSplit', json_build_object('cgst', v.cgst, 'sgst', v.sgst, 'igst', v.igst), 'placeOfSupply', json_build_object('code', v.supply_code, 'state', v.supply_state, 'interState', v.inter_state), 'previousVersion', v.previous_version_id, 'nextVersion', v.next_version_id, 'isMain', v.is_main, 'createdBy', ${person('v.created_by')}, 'createdAt', ${iso('v.created_at')}, 'updatedAt', ${iso('v.updated_at')}, 'changes', v.changes, 'review', ${review})`;
/** Every user the quotation and its versions name, by id. */
const people = sql`(select coalesce(json_object_agg(u.id, ${userJson('u')}), '{}'::json) as people from ${users} u where u.id = any(array[${outer('created_by')}, ${outer('updated_by')}, ${outer('deleted_by')}] || array(select x from ${quotationVersions} pv, lateral (values (pv.created_by), (pv.reviewed_by)) t(x) where pv.quotation_id = ${outer('id')})))`;
const versions = sql`(select coalesce(json_agg(${version} order by v.version_number desc), '[]'::json) as list from ${quotationVersions} v where v.quotation_id = ${outer('id')})`;

/** The whole answer (QuotationDto) as JSON text: the quotation, its versions newest first, the active one. */
const answer = sql<string>`(select json_build_object('_id', ${outer('id')}, 'quotationId', ${outer('quotation_id')}, 'customer', ${quotationSelect.customerRef}, 'requirement', ${quotationSelect.requirementRef}, 'project', (select json_build_object('_id', pr.id, 'projectId', pr.project_id, 'isDeleted', pr.is_deleted) from projects pr where pr.id = ${outer('project_id')}), 'activeVersion', coalesce((select e from json_array_elements(x.list) e where e->>'_id' = ${outer('active_version_id')}), x.list -> 0), 'versions', x.list, 'updatedBy', ${person('"quotations"."updated_by"')}, 'createdBy', ${person('"quotations"."created_by"')}, 'createdAt', ${iso('"quotations"."created_at"')}, 'updatedAt', ${iso('"quotations"."updated_at"')}, 'isDeleted', ${outer('is_deleted')}, 'deletedAt', ${iso('"quotations"."deleted_at"')}, 'deletedBy', ${person('"quotations"."deleted_by"')}) from ${people} p, lateral ${versions} x)::text`;

const answerQuery = preparedPerDb((db) =>
  db
    .select({ answer })
    .from(quotations)
    .where(eq(quotations.id, sql.placeholder('id')))
    .limit(1)
    .prepare('karya_quotation_answer'),
);

/** One quotation in `scope` as the GET answers it, as JSON text; 404 otherwise. */
export const quotationAnswer = async (db: Db, id: string, scope?: Scope) => {
  const [row] = scope
    ? await db
        .select({ answer })
        .from(quotations)
        .where(and(eq(quotations.id, id), scope))
        .limit(1)
    : await answerQuery(db).execute({ id });
  if (!row) throw notFound(QUOTATION.notFound);
  return new RawJson(row.answer);
};

/** One quotation in `scope` as a value (a write's answer, the document); 404 otherwise. */
export const detail = async (db: Db | Tx, id: string, scope?: Scope): Promise<QuotationDto> =>
  JSON.parse((await quotationAnswer(db as Db, id, scope)).json) as QuotationDto;
