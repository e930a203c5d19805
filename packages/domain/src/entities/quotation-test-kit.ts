// Tests only: a quotation as GET /crm/quotations/{id} answers it, its amounts made as the server makes
// them (versionTotals), for the document's tests (domain, the preview page, the server's PDF).
import { fromPaise } from '../common/money.ts';
import {
  type CompanySettingsDto,
  DEFAULT_QUOTATION_DECLARATION,
  DEFAULT_QUOTATION_TERMS,
} from './quotation-document.ts';
import type {
  QuotationDto,
  QuotationLineDto,
  QuotationReview,
  QuotationVersionDto,
} from './quotation-list.ts';
import { versionTotals } from './quotation-pricing.ts';

export type SampleLine = {
  name: string;
  hsn?: string | null;
  brand?: string | null;
  description?: string | null;
  gst: number;
  quantity: number;
  unitPaise: number;
};

const stamp = '2026-11-20T06:30:00.000Z';

export const sampleVersion = (
  lines: readonly SampleLine[],
  opts: {
    interState?: boolean;
    versionNumber?: number;
    review?: QuotationReview | null;
    title?: string;
  } = {},
): QuotationVersionDto => {
  const interState = opts.interState ?? false;
  const t = versionTotals(lines, interState);
  const items = lines.map(
    (l, i): QuotationLineDto => ({
      item: { _id: `${'b'.repeat(20)}${String(i).padStart(4, '0')}`, isDeleted: false },
      name: l.name,
      sku: 1000 + i,
      modalNo: null,
      hsn: l.hsn ?? null,
      brand: l.brand ?? null,
      description: l.description ?? null,
      quantity: l.quantity,
      marginTier: 'custom',
      marginPercentage: 0,
      gst: l.gst,
      unitPrice: fromPaise(l.unitPaise),
      gstPerUnit: fromPaise(t.lines[i]!.gstPerUnit),
      taxableAmount: fromPaise(t.lines[i]!.taxable),
      gstAmount: fromPaise(t.lines[i]!.gst),
      totalPrice: fromPaise(t.lines[i]!.total),
    }),
  );
  return {
    _id: 'c'.repeat(24),
    versionNumber: opts.versionNumber ?? 0,
    title: opts.title ?? 'Quotation for the robotics lab',
    status: 'Draft',
    validUntil: '2026-12-05',
    notes: null,
    items,
    taxableAmount: fromPaise(t.totals.taxable),
    totalGSTAmount: fromPaise(t.totals.gst),
    totalPrice: fromPaise(t.totals.total),
    totalAmount: fromPaise(t.totals.total),
    gstSplit: { cgst: fromPaise(t.split.cgst), sgst: fromPaise(t.split.sgst), igst: fromPaise(t.split.igst) },
    placeOfSupply: interState
      ? { code: '20', state: 'Jharkhand', interState: true }
      : { code: '21', state: 'Odisha', interState: false },
    previousVersion: null,
    nextVersion: null,
    isMain: (opts.versionNumber ?? 0) === 0,
    createdBy: null,
    createdAt: stamp,
    updatedAt: stamp,
    changes: [],
    review: opts.review ?? null,
  };
};

export const sampleQuotation = (version: QuotationVersionDto, quotationId = 1): QuotationDto => ({
  _id: 'd'.repeat(24),
  quotationId,
  customer: {
    _id: 'e'.repeat(24),
    customerId: 7,
    name: 'Sri Aurobindo School',
    type: 'Organization',
    marginTier: null,
    email: 'office@school.test',
    phone: '9876543210',
    address: {
      street: 'Link Road',
      city: 'Cuttack',
      district: 'Cuttack',
      state: 'Odisha',
      country: 'India',
      zipCode: '753012',
    },
    gstin: null,
    isDeleted: false,
  },
  requirement: null,
  project: null,
  activeVersion: version,
  versions: [version],
  updatedBy: null,
  isDeleted: false,
  deletedAt: null,
  deletedBy: null,
  createdBy: null,
  createdAt: stamp,
  updatedAt: stamp,
});

export const sampleCompany = (over: Partial<CompanySettingsDto> = {}): CompanySettingsDto => ({
  name: 'Arrow Robotics',
  address: 'Plot 7, Link Road\nCuttack 753012',
  gstin: null,
  state: 'Odisha',
  logo: null,
  bankAccountName: 'Arrow Robotics Pvt Ltd',
  bankAccountNumber: '123456789012',
  ifsc: 'SBIN0001234',
  bankBranch: 'Cuttack Main',
  terms: DEFAULT_QUOTATION_TERMS,
  declaration: DEFAULT_QUOTATION_DECLARATION,
  saleInvoiceSeries: 'INV/{FY}/',
  updatedAt: null,
  updatedBy: null,
  ...over,
});
