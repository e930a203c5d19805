// The TallyPrime import file (issue 27 §3; decision 0019), as strings the export writes one after another:
// the envelope, the units, the ledgers and stock items, then one voucher per document. Tally's signs: a
// debit is ISDEEMEDPOSITIVE Yes with a negative AMOUNT, a credit No with a positive one; every voucher's
// ledger entries and accounting allocations sum to zero, to the paisa.
import {
  formatCustomerId,
  GST_STATE_CODES,
  type LedgerNames,
  ledgerAt,
  UNITS_OF_QUANTITY,
} from '@karya/domain';
import type { AccountDoc, AccountItem, AccountParty, DocKind } from './accounts-data.ts';

/** Text for XML: the five entities escaped, characters XML 1.0 cannot hold dropped. */
export const xmlText = (value: string) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids are the point.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const tag = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

/** Paise as Tally's amount: '-1180.00'. */
export const tallyAmount = (paise: number) => {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** 'YYYY-MM-DD' as Tally's date: '20260405'. */
export const tallyDate = (day: string) => day.replaceAll('-', '');

/** The identifier a document's voucher carries in every export: 'karya-sale-{id}'. */
export const voucherId = (kind: DocKind, id: string) => `karya-${kind}-${id}`;

export const UNKNOWN_PARTY: Record<DocKind, string> = {
  sale: 'Karya: customer deleted',
  purchase: 'Karya: vendor deleted',
};

/** A party's ledger: a customer by name and number (two schools may share a name), a vendor by name. */
export const partyLedger = (kind: DocKind, party: Pick<AccountParty, 'name' | 'number'> | null) => {
  if (!party) return UNKNOWN_PARTY[kind];
  return party.number !== null
    ? `${party.name.trim()} (${formatCustomerId(party.number)})`
    : party.name.trim();
};

/** A stock item by name and SKU (names need not be unique; Tally's must). */
export const stockItemName = (item: Pick<AccountItem, 'name' | 'sku'>) =>
  `${item.name.trim()} (SKU ${item.sku})`;

/** The sales or purchase ledger of a rate, within the state or between states. */
export const tradeLedger = (names: LedgerNames, kind: DocKind, gst: number, interState: boolean) =>
  ledgerAt(
    kind === 'sale'
      ? interState
        ? names.interStateSales
        : names.sales
      : interState
        ? names.interStatePurchase
        : names.purchase,
    gst,
  );

export const taxLedgers = (names: LedgerNames, kind: DocKind) =>
  kind === 'sale'
    ? { cgst: names.outputCgst, sgst: names.outputSgst, igst: names.outputIgst }
    : { cgst: names.inputCgst, sgst: names.inputSgst, igst: names.inputIgst };

export const envelopeStart = (companyName: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<ENVELOPE>\n<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>\n' +
  '<BODY>\n<IMPORTDATA>\n<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME><STATICVARIABLES>' +
  (companyName.trim() ? tag('SVCURRENTCOMPANY', companyName.trim()) : '') +
  '</STATICVARIABLES></REQUESTDESC>\n<REQUESTDATA>\n';

export const envelopeEnd = '</REQUESTDATA>\n</IMPORTDATA>\n</BODY>\n</ENVELOPE>\n';

const message = (body: string) => `<TALLYMESSAGE xmlns:UDF="TallyUDF">${body}</TALLYMESSAGE>\n`;

/** Every unit an item may carry, declared once (a handful; Tally needs a unit before a stock item uses it). */
export const unitMessages = () =>
  Object.entries(UNITS_OF_QUANTITY)
    .map(([code, label]) =>
      message(
        `<UNIT NAME="${xmlText(code)}" ACTION="Create">${tag('NAME', code)}${tag('ORIGINALNAME', label)}` +
          '<ISSIMPLEUNIT>Yes</ISSIMPLEUNIT><DECIMALPLACES>0</DECIMALPLACES></UNIT>',
      ),
    )
    .join('');

const ledger = (name: string, parent: string, body = '') =>
  message(
    `<LEDGER NAME="${xmlText(name)}" ACTION="Create"><NAME.LIST>${tag('NAME', name)}</NAME.LIST>` +
      `${tag('PARENT', parent)}${body}</LEDGER>`,
  );

/** A customer's ledger under Sundry Debtors, a vendor's under Sundry Creditors, with GSTIN and state. */
export const partyLedgerMessage = (kind: DocKind, party: AccountParty | null) => {
  const state = party?.state ?? null;
  const body =
    (party?.address.length
      ? `<ADDRESS.LIST TYPE="String">${party.address.map((l) => tag('ADDRESS', l)).join('')}</ADDRESS.LIST>`
      : '') +
    (state ? tag('LEDSTATENAME', state) + tag('COUNTRYOFRESIDENCE', 'India') : '') +
    tag('GSTREGISTRATIONTYPE', party?.gstin ? 'Regular' : 'Unregistered/Consumer') +
    (party?.gstin ? tag('PARTYGSTIN', party.gstin) : '') +
    '<ISBILLWISEON>Yes</ISBILLWISEON>';
  return ledger(partyLedger(kind, party), kind === 'sale' ? 'Sundry Debtors' : 'Sundry Creditors', body);
};

/** A sales or purchase ledger of one rate. */
export const tradeLedgerMessage = (names: LedgerNames, kind: DocKind, gst: number, interState: boolean) =>
  ledger(
    tradeLedger(names, kind, gst, interState),
    kind === 'sale' ? 'Sales Accounts' : 'Purchase Accounts',
    '<GSTAPPLICABLE>&#4; Applicable</GSTAPPLICABLE><AFFECTSSTOCK>Yes</AFFECTSSTOCK>',
  );

/** The three tax ledgers of a kind under Duties & Taxes. */
export const taxLedgerMessages = (names: LedgerNames, kind: DocKind) => {
  const t = taxLedgers(names, kind);
  const duty = (name: string, head: string) =>
    ledger(name, 'Duties & Taxes', `<TAXTYPE>GST</TAXTYPE>${tag('GSTDUTYHEAD', head)}`);
  return duty(t.cgst, 'Central Tax') + duty(t.sgst, 'State Tax') + duty(t.igst, 'Integrated Tax');
};

/** A stock item with its unit and HSN. */
export const stockItemMessage = (item: AccountItem) =>
  message(
    `<STOCKITEM NAME="${xmlText(stockItemName(item))}" ACTION="Create"><NAME.LIST>${tag('NAME', stockItemName(item))}</NAME.LIST>` +
      `<PARENT/>${tag('BASEUNITS', item.uqc)}<GSTAPPLICABLE>&#4; Applicable</GSTAPPLICABLE>` +
      (item.hsn
        ? `<GSTDETAILS.LIST><APPLICABLEFROM>20170701</APPLICABLEFROM>${tag('HSNCODE', item.hsn)}</GSTDETAILS.LIST>`
        : '') +
      '</STOCKITEM>',
  );

/** 'Odisha' for a place of supply Tally knows; the stored name otherwise. */
const placeOfSupply = (doc: AccountDoc) => {
  const code = Object.entries(GST_STATE_CODES).find(
    ([, name]) => name.toLowerCase() === (doc.supplyState ?? '').trim().toLowerCase(),
  )?.[0];
  return code ? GST_STATE_CODES[code]! : (doc.supplyState?.trim() ?? '');
};

/**
 * One document's voucher. A sale: the party debited with the total, each line credited to the sales ledger
 * of its rate, the taxes credited. A purchase the other way round. Lines are paise; the stored split (each
 * line's GST split, decision 0011) makes the taxes, so debits and credits agree to the paisa.
 */
export const voucherMessage = (names: LedgerNames, doc: AccountDoc) => {
  const sale = doc.kind === 'sale';
  // Sales credit what they sell (positive), purchases debit it (negative); the party the other way round.
  const lineSign = sale ? 1 : -1;
  const deemed = (amount: number) => (amount < 0 ? 'Yes' : 'No');
  const entry = (name: string, amount: number, party = false) =>
    `<LEDGERENTRIES.LIST>${tag('LEDGERNAME', name)}<ISDEEMEDPOSITIVE>${deemed(amount)}</ISDEEMEDPOSITIVE>` +
    (party ? '<ISPARTYLEDGER>Yes</ISPARTYLEDGER>' : '') +
    `<AMOUNT>${tallyAmount(amount)}</AMOUNT>` +
    (party
      ? `<BILLALLOCATIONS.LIST>${tag('NAME', doc.invoiceNo)}<BILLTYPE>New Ref</BILLTYPE><AMOUNT>${tallyAmount(amount)}</AMOUNT></BILLALLOCATIONS.LIST>`
      : '') +
    '</LEDGERENTRIES.LIST>';
  const party = partyLedger(doc.kind, doc.party);
  const inventory = doc.lines
    .map((l) => {
      const amount = lineSign * l.taxablePaise;
      const qty = ` ${l.quantity} ${l.uqc}`;
      return (
        `<ALLINVENTORYENTRIES.LIST>${tag('STOCKITEMNAME', stockItemName({ name: l.itemName, sku: l.sku }))}` +
        `<ISDEEMEDPOSITIVE>${deemed(amount)}</ISDEEMEDPOSITIVE>${tag('RATE', `${tallyAmount(l.unitPaise)}/${l.uqc}`)}` +
        `<AMOUNT>${tallyAmount(amount)}</AMOUNT>${tag('ACTUALQTY', qty)}${tag('BILLEDQTY', qty)}` +
        (l.hsn ? tag('GSTHSNNAME', l.hsn) : '') +
        `<ACCOUNTINGALLOCATIONS.LIST>${tag('LEDGERNAME', tradeLedger(names, doc.kind, l.gst, doc.interState))}` +
        `<ISDEEMEDPOSITIVE>${deemed(amount)}</ISDEEMEDPOSITIVE><AMOUNT>${tallyAmount(amount)}</AMOUNT>` +
        '</ACCOUNTINGALLOCATIONS.LIST></ALLINVENTORYENTRIES.LIST>'
      );
    })
    .join('');
  const taxes = taxLedgers(names, doc.kind);
  const taxEntries = [
    [taxes.cgst, doc.cgstPaise],
    [taxes.sgst, doc.sgstPaise],
    [taxes.igst, doc.igstPaise],
  ]
    .filter(([, amount]) => amount !== 0)
    .map(([name, amount]) => entry(name as string, lineSign * (amount as number)))
    .join('');
  const id = voucherId(doc.kind, doc.id);
  const type = sale ? 'Sales' : 'Purchase';
  const place = placeOfSupply(doc);
  return message(
    `<VOUCHER REMOTEID="${id}" VCHTYPE="${type}" ACTION="Create" OBJVIEW="Invoice Voucher View">` +
      `${tag('GUID', id)}${tag('DATE', tallyDate(doc.day))}${tag('EFFECTIVEDATE', tallyDate(doc.day))}` +
      `${tag('VOUCHERTYPENAME', type)}${tag('VOUCHERNUMBER', doc.invoiceNo)}` +
      (sale ? '' : tag('REFERENCE', doc.invoiceNo) + tag('REFERENCEDATE', tallyDate(doc.day))) +
      `${tag('PARTYLEDGERNAME', party)}${tag('PARTYNAME', doc.party?.name.trim() ?? party)}` +
      (doc.party?.gstin ? tag('PARTYGSTIN', doc.party.gstin) : '') +
      (place ? tag('PLACEOFSUPPLY', place) : '') +
      tag('STATENAME', doc.party?.state ?? place) +
      tag('GSTREGISTRATIONTYPE', doc.party?.gstin ? 'Regular' : 'Unregistered/Consumer') +
      '<PERSISTEDVIEW>Invoice Voucher View</PERSISTEDVIEW><ISINVOICE>Yes</ISINVOICE>' +
      tag('NARRATION', `${type} ${doc.invoiceNo} (Karya)`) +
      entry(party, -lineSign * doc.totalPaise, true) +
      inventory +
      taxEntries +
      '</VOUCHER>',
  );
};
