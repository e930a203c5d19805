// The accountant's hand-off (issue 27 §3; decision 0019): the Tally ledger names, the audit entry every
// export writes, the Tally file and the registers. The GSTR-1 workbook is gstr1.ts.
import {
  ACCOUNTS_MESSAGES,
  ACCOUNTS_RESOURCE,
  type AccountsRange,
  DEFAULT_LEDGER_NAMES,
  deviceFromUserAgent,
  formatCustomerId,
  gstStateCode,
  LEDGER_NAME_KEYS,
  type LedgerNames,
  newId,
  type RegisterKind,
  rangeLabel,
  type SheetCellValue,
} from '@karya/domain';
import { eq } from 'drizzle-orm';
import { companySettings, userActivities } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { breathe, type ExportSink } from '../../platform/export-stream.ts';
import { recordUpdate } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import type { SheetSpec } from '../../platform/xlsx-stream.ts';
import { COMPANY_RECORD_ID, companySettingsRow } from '../company/company.service.ts';
import {
  type AccountDoc,
  countDocuments,
  type DocKind,
  documentBatches,
  hasDocumentWithoutParty,
  itemBatches,
  partyBatches,
  ratesUsed,
} from './accounts-data.ts';
import {
  envelopeEnd,
  envelopeStart,
  partyLedgerMessage,
  stockItemMessage,
  taxLedgerMessages,
  tradeLedgerMessage,
  unitMessages,
  voucherMessage,
} from './tally-xml.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/** The stored ledger names over the defaults (a name never set is its default). */
export const ledgerNamesOf = async (deps: Pick<AppDeps, 'db' | 'config'>): Promise<LedgerNames> => {
  const row = await companySettingsRow(deps.db, deps.config);
  return { ...DEFAULT_LEDGER_NAMES, ...(row.ledgerNames ?? {}) };
};

/** PATCH: all ten names replace the stored ones; the change is in the company settings' history. */
export const updateLedgerNames = async (deps: Deps, principal: Principal, names: LedgerNames) => {
  await companySettingsRow(deps.db, deps.config);
  const clean = Object.fromEntries(LEDGER_NAME_KEYS.map((k) => [k, names[k]])) as LedgerNames;
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(companySettings)
      .where(eq(companySettings.id, COMPANY_RECORD_ID))
      .for('update');
    const now = deps.clock.now();
    await tx
      .update(companySettings)
      .set({ ledgerNames: clean, updatedAt: now, updatedBy: principal.user.id })
      .where(eq(companySettings.id, COMPANY_RECORD_ID));
    const old = { ...DEFAULT_LEDGER_NAMES, ...(before?.ledgerNames ?? {}) };
    await recordUpdate(tx, principal, now, {
      entity: ACCOUNTS_RESOURCE,
      recordId: 'ledgers',
      title: 'Tally ledger names',
      before: old,
      after: clean,
    });
  });
  return clean;
};

/** The audit entry (who, when, what and which range): ACCOUNTS_EXPORT in the user's activity log. */
export const logExport = async (
  deps: Deps,
  principal: Principal,
  what: string,
  range: AccountsRange,
  documents: number,
  context: { ip: string | null; userAgent: string | undefined },
) => {
  const now = deps.clock.now();
  await deps.db.insert(userActivities).values({
    id: newId(now),
    userId: principal.user.id,
    type: 'ACCOUNTS_EXPORT',
    message: ACCOUNTS_MESSAGES.logged(what, rangeLabel(range), documents),
    ipAddress: context.ip,
    deviceInfo: deviceFromUserAgent(context.userAgent),
    createdAt: now,
  });
};

export const companyCodeOf = async (deps: Pick<AppDeps, 'db' | 'config'>) => {
  const row = await companySettingsRow(deps.db, deps.config);
  return { code: gstStateCode(row.state), row };
};

/**
 * The Tally file of a range: the units, the party ledgers (customers, vendors), the sales and purchase
 * ledgers of the rates used, the tax ledgers, the stock items; then the sales' and the purchases' vouchers
 * by date. Every name a voucher uses is declared above it.
 */
export const tallyExport = async (deps: Deps, range: AccountsRange) => {
  const { code, row } = await companyCodeOf(deps);
  const names = await ledgerNamesOf(deps);
  const counts = {
    sale: await countDocuments(deps.db, 'sale', range),
    purchase: await countDocuments(deps.db, 'purchase', range),
  };
  const kinds = (['sale', 'purchase'] as const).filter((k) => counts[k] > 0);
  const write = async (sink: ExportSink) => {
    await sink.write(envelopeStart(row.name));
    await sink.write(unitMessages());
    for (const kind of kinds) {
      if (await hasDocumentWithoutParty(deps.db, kind, range))
        await sink.write(partyLedgerMessage(kind, null));
      for await (const batch of partyBatches(deps.db, kind, range)) {
        if (sink.gone()) return;
        await sink.write(batch.map((p) => partyLedgerMessage(kind, p)).join(''));
      }
      for (const r of await ratesUsed(deps.db, kind, range, code))
        await sink.write(tradeLedgerMessage(names, kind, r.gst, r.interState));
      await sink.write(taxLedgerMessages(names, kind));
    }
    for await (const batch of itemBatches(deps.db, range)) {
      if (sink.gone()) return;
      await sink.write(batch.map(stockItemMessage).join(''));
    }
    let written = 0;
    for (const kind of kinds)
      for await (const batch of documentBatches(deps.db, kind, range, code)) {
        if (sink.gone()) return;
        await sink.write(batch.map((d) => voucherMessage(names, d)).join(''));
        written += batch.length;
        sink.progress(written);
        await breathe();
      }
    await sink.write(envelopeEnd);
  };
  return { documents: counts.sale + counts.purchase, write };
};

// ------------------------------------------------------------------------------------------ registers

const rupees = (paise: number) => paise / 100;
const day = (d: string) => d.split('-').reverse().join('/');

/** The money columns of both registers, in the order `figures` gives them. */
const FIGURE_HEADERS = ['Taxable Value', 'CGST', 'SGST', 'IGST', 'Total GST', 'Invoice Value'];
const figures = (
  d: Pick<AccountDoc, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'gstPaise' | 'totalPaise'>,
) => [d.taxablePaise, d.cgstPaise, d.sgstPaise, d.igstPaise, d.gstPaise, d.totalPaise];

export const REGISTER_HEADERS: Record<RegisterKind, string[]> = {
  sales: ['Date', 'Invoice No', 'Customer', 'Customer ID', 'GSTIN', 'Place of Supply', ...FIGURE_HEADERS],
  purchases: ['Date', 'Invoice No', 'Vendor', 'GSTIN', 'Place of Supply', ...FIGURE_HEADERS],
};

/** A register of a range: one row per document by date, then a Total row (sums in paise, shown in rupees). */
export const registerExport = async (deps: Deps, kind: RegisterKind, range: AccountsRange) => {
  const docKind: DocKind = kind === 'sales' ? 'sale' : 'purchase';
  const { code, row } = await companyCodeOf(deps);
  const documents = await countDocuments(deps.db, docKind, range);
  const headers = REGISTER_HEADERS[kind];
  const firstMoney = headers.indexOf(FIGURE_HEADERS[0]!);
  async function* rows(): AsyncGenerator<SheetCellValue[][]> {
    const sums = FIGURE_HEADERS.map(() => 0);
    for await (const batch of documentBatches(deps.db, docKind, range, code))
      yield batch.map((d) => {
        const f = figures(d);
        f.forEach((v, i) => {
          sums[i]! += v;
        });
        const party = d.party?.name ?? '(deleted)';
        const pos = d.supplyState ?? row.state;
        return [
          day(d.day),
          d.invoiceNo,
          party,
          ...(kind === 'sales' ? [d.party?.number != null ? formatCustomerId(d.party.number) : ''] : []),
          d.party?.gstin ?? '',
          pos,
          ...f.map(rupees),
        ];
      });
    const total: SheetCellValue[] = headers.map(() => null);
    total[0] = 'Total';
    sums.forEach((v, i) => {
      total[firstMoney + i] = rupees(v);
    });
    yield [total];
  }
  const sheet: SheetSpec = {
    sheetName: kind === 'sales' ? 'Sales Register' : 'Purchase Register',
    headers,
    rows: rows(),
    money: FIGURE_HEADERS.map((_, i) => firstMoney + i),
  };
  return { documents, sheet };
};
