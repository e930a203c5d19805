// A sale's tax invoice (issue 27 §2; rule 46 of the CGST Rules, 2017) as the one PDF engine prints it
// (printed-document.ts): the supplier's name, address and GSTIN; the invoice's number and date; the
// recipient's name, address and GSTIN (or "Unregistered", and for an unregistered recipient of ₹50,000 or
// more the delivery address with its state's name and code); per line the description, HSN/SAC, quantity,
// with its unit, rate, taxable value, GST rate and the CGST and SGST or IGST; the place of supply; whether tax is payable
// on reverse charge; the HSN summary; the total in words; the signature block. Zod-free.
import { amountInWords } from '../common/amount-words.ts';
import { formatRupees, GST_STATE_CODES, gstStateCode, splitGst, toPaise } from '../common/money.ts';
import { type CustomerAddress, formatCustomerId } from './customer-list.ts';
import { DEFAULT_UQC } from './item-list.ts';
import type { PrintedDocument } from './printed-document.ts';
import {
  accountDetailsMissing,
  bankDetails,
  type CompanySettingsDto,
  companyDetailsMissing,
  hsnSummary,
  hsnTable,
} from './quotation-document.ts';
import { documentDay, type LabelledValue } from './quotation-document-model.ts';
import type { SaleDto } from './sale-list.ts';

/** Rule 46(1)(e): an unregistered recipient of this much or more (paise) gets the delivery address printed. */
export const B2C_ADDRESS_FROM_PAISE = 5_000_000;

export const TAX_INVOICE_MESSAGES = {
  companyMissing: 'Company details missing: set them in Company Settings before issuing tax invoices',
  accountMissing: 'Bank details missing: set them in Company Settings',
  declaration:
    'We declare that this invoice shows the actual price of the goods described and that all particulars are true and correct.',
} as const;

/** What the invoice prints of its customer, read with the sale (SaleDto carries only a reference). */
export type TaxInvoiceRecipient = {
  name: string;
  customerId: number | null;
  address: CustomerAddress | null;
  gstin: string | null;
  phone: string | null;
  email: string | null;
};

/**
 * Per item, what the line prints beyond the ledger: how a 0% rate reads ('Nil rated', 'Exempt') and the
 * unit of quantity code beside the quantity ('2 NOS').
 */
export type TaxInvoiceItemInfo = { gstZeroKind: string | null; uqc: string };

/** The tax invoice's item columns, by whether the supply is between states. */
export const taxInvoiceColumns = (interState: boolean) => [
  'SL No',
  'Description',
  'HSN/SAC',
  'Qty',
  'Rate',
  'Taxable Value',
  'GST Rate',
  ...(interState ? ['IGST'] : ['CGST', 'SGST']),
  'Total',
];

const paiseOf = (rupees: number) => toPaise(rupees) ?? 0;
const money = (rupees: number) => formatRupees(paiseOf(rupees));
const percent = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, '')}%`;

/** 'Odisha (21)'; '' when the state is unknown. */
const stateWithCode = (state: string | null | undefined) => {
  const code = gstStateCode(state);
  return code ? `${GST_STATE_CODES[code]} (${code})` : (state?.trim() ?? '');
};

const addressLines = (a: CustomerAddress | null) => {
  if (!a) return [];
  const place = [a.city, a.district]
    .map((x) => x?.trim())
    .filter(Boolean)
    .join(', ');
  const country = [a.country?.trim(), a.zipCode?.trim()].filter(Boolean).join(' ');
  return [a.street?.trim(), place, country].filter((x): x is string => Boolean(x));
};

/** The tax invoice of a sale, with the company settings (null: not loaded, printed as missing). */
export const taxInvoiceDocument = (
  sale: SaleDto,
  company: CompanySettingsDto | null,
  recipient: TaxInvoiceRecipient,
  items: ReadonlyMap<string, TaxInvoiceItemInfo> = new Map(),
): PrintedDocument => {
  const inter = sale.interState;
  const lines = sale.items.map((l) => ({
    hsn: l.item?.hsnCode ?? null,
    gst: l.gst,
    taxableAmount: l.taxableAmount,
    gstAmount: l.gstAmount,
  }));
  const summary = hsnSummary({
    items: lines as never,
    placeOfSupply: { interState: inter, code: null, state: null },
  });
  const registered = Boolean(recipient.gstin);
  const recipientState = recipient.address?.state ?? sale.customer?.state ?? null;
  const partyLines = [
    ...(recipient.customerId !== null ? [formatCustomerId(recipient.customerId)] : []),
    ...addressLines(recipient.address),
    ...(recipientState ? [`State: ${stateWithCode(recipientState)}`] : []),
    registered ? `GSTIN: ${recipient.gstin}` : 'GSTIN: Unregistered',
    ...(recipient.phone ? [`Phone: ${recipient.phone}`] : []),
  ];
  const placeOfSupply = stateWithCode(sale.supplyState ?? recipientState);
  const aside: PrintedDocument['aside'] = [
    { heading: 'PLACE OF SUPPLY', lines: [placeOfSupply || '—'] },
    { heading: 'TAX PAYABLE ON REVERSE CHARGE', lines: ['No'] },
  ];
  if (sale.eWayBillNo || sale.vehicleNo)
    aside.push({
      heading: 'E-WAY BILL',
      lines: [
        ...(sale.eWayBillNo ? [`E-way bill No: ${sale.eWayBillNo}`] : []),
        ...(sale.vehicleNo ? [`Vehicle No: ${sale.vehicleNo}`] : []),
      ],
    });
  if (!registered && paiseOf(sale.totalAmount) >= B2C_ADDRESS_FROM_PAISE)
    aside.push({
      heading: 'DELIVERY ADDRESS',
      lines: [...addressLines(recipient.address), `State: ${stateWithCode(recipientState) || '—'}`],
    });

  const rows = sale.items.map((l, i) => {
    const split = splitGst(paiseOf(l.gstAmount), !inter);
    const info = l.item ? items.get(l.item._id) : undefined;
    const zero = l.gst === 0 ? info?.gstZeroKind : null;
    const rate = zero ?? percent(l.gst);
    return [
      String(i + 1),
      l.item?.name ?? '(item deleted)',
      l.item?.hsnCode ?? '',
      `${l.quantity} ${info?.uqc ?? DEFAULT_UQC}`,
      money(l.pricePerUnit),
      money(l.taxableAmount),
      rate,
      ...(inter ? [formatRupees(split.igst)] : [formatRupees(split.cgst), formatRupees(split.sgst)]),
      money(l.totalPrice),
    ];
  });
  const totals: LabelledValue[] = [
    { label: 'Taxable Amount', value: money(sale.taxableAmount) },
    ...(inter
      ? [{ label: 'IGST', value: money(sale.gstSplit.igst) }]
      : [
          { label: 'CGST', value: money(sale.gstSplit.cgst) },
          { label: 'SGST', value: money(sale.gstSplit.sgst) },
        ]),
    { label: 'Total GST', value: money(sale.totalGSTAmount) },
  ];
  const companyLines = company
    ? [
        ...company.address
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
        `State: ${stateWithCode(company.state)}`,
        company.gstin ? `GSTIN: ${company.gstin}` : 'GSTIN: not set',
      ]
    : [];
  const date = documentDay(sale.invoiceDate.slice(0, 10));
  return {
    heading: 'TAX INVOICE',
    number: sale.invoiceNo,
    meta: [`Invoice No: ${sale.invoiceNo}`, `Date: ${date}`],
    band: null,
    title: `Tax Invoice ${sale.invoiceNo}`,
    company: { name: company?.name ?? '', lines: companyLines },
    companyMissing: companyDetailsMissing(company) ? TAX_INVOICE_MESSAGES.companyMissing : null,
    party: { heading: 'BILL TO', name: recipient.name, lines: partyLines },
    aside,
    items: {
      columns: taxInvoiceColumns(inter),
      widths: inter ? [20, 130, 45, 30, 55, 62, 40, 55, 62] : [20, 110, 45, 28, 52, 58, 38, 46, 46, 58],
      numeric: inter ? [3, 4, 5, 6, 7, 8] : [3, 4, 5, 6, 7, 8, 9],
      rows,
    },
    hsn: hsnTable(summary),
    totals,
    grandTotal: { label: 'Invoice Total', value: money(sale.totalAmount) },
    amountInWords: amountInWords(paiseOf(sale.totalAmount)),
    notes: sale.notes?.trim() || null,
    terms: [],
    bank: bankDetails(company),
    accountMissing: accountDetailsMissing(company) ? TAX_INVOICE_MESSAGES.accountMissing : null,
    declaration: TAX_INVOICE_MESSAGES.declaration,
    signatureFor: company?.name ?? '',
  };
};

/** The invoice's file name: 'Tax-Invoice-KAR-26-27-0001.pdf'. */
export const taxInvoiceFileName = (invoiceNo: string) =>
  `Tax-Invoice-${invoiceNo.replace(/[^0-9A-Za-z-]+/g, '-').replace(/^-+|-+$/g, '')}.pdf`;

/** Send (issue 27 §2): e-mail a sale's tax invoice to its customer or one of its contacts. */
export const TAX_INVOICE_SEND_MESSAGES = {
  noCustomer: 'The sale has no customer to send it to',
  sent: (email: string) => `Tax invoice sent to ${email}`,
} as const;
