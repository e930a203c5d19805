import { QUOTATION_ITEM_COLUMNS, QUOTATION_MESSAGES } from '@karya/domain';
import { sampleCompany, sampleQuotation, sampleVersion } from '@karya/domain/quotation-test-kit';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap } from '../../test/harness';
import { QuotationPreviewPage } from './preview-page';

const lines = [
  { name: 'Robotics Kit', hsn: '9023', brand: 'Arrow', gst: 18, quantity: 2, unitPaise: 6_000_000 },
  { name: 'ଓଡ଼ିଆ ପୁସ୍ତକ', hsn: '4901', gst: 5, quantity: 1, unitPaise: 5_025 },
];
const approved = sampleVersion(lines);
const pending = sampleVersion(lines, {
  versionNumber: 1,
  review: { status: 'Pending', reason: null, reviewedBy: null, reviewedAt: null },
});
let quotation = sampleQuotation(approved);
let company = sampleCompany();

const calls = stubNetwork(
  () => meWith({ quotation: ['read', 'print'] }),
  (method, url) => {
    if (method === 'POST' && url.endsWith('/send'))
      return envelope(
        { email: 'office@school.test', version: approved._id, fileName: 'ARR-0001.pdf' },
        200,
        'Quotation sent to office@school.test',
      );
    if (method !== 'GET') return undefined;
    if (url.includes('/pdf'))
      return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        status: 200,
        headers: { 'content-type': 'application/pdf' },
      });
    if (url.startsWith('/api/admin/settings/company')) return envelope(company);
    if (url.startsWith(`/api/crm/quotations/${quotation._id}`)) return envelope(quotation);
    return undefined;
  },
);

const page = (query = '') =>
  render(
    <Wrap
      path={`/crm/quotations/${quotation._id}/preview${query}`}
      pattern="/crm/quotations/:id/preview"
      signedIn
    >
      <QuotationPreviewPage />
    </Wrap>,
  );

describe('quotation preview', () => {
  it('prints the A4: number, company, customer, every line, the HSN summary, totals in words, terms and bank', async () => {
    quotation = sampleQuotation(approved);
    company = sampleCompany();
    page();
    const sheet = await screen.findByRole('article', { name: 'Quotation ARR/0001' });
    const s = within(sheet);
    expect(s.getByText('Arrow Robotics')).toBeTruthy();
    expect(s.getByText('Sri Aurobindo School')).toBeTruthy();
    const [items, hsn] = s.getAllByRole('table').filter((t) => t.querySelector('thead'));
    expect(
      within(items!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([...QUOTATION_ITEM_COLUMNS]);
    const rows = within(items!).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'Robotics Kit', '', 'Arrow', '9023', '2', '₹60,000.00', '18%', '₹10,800.00', '₹1,41,600.00'],
      ['2', 'ଓଡ଼ିଆ ପୁସ୍ତକ', '', '', '4901', '1', '₹50.25', '5%', '₹2.51', '₹52.76'],
    ]);
    expect(
      within(hsn!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('CGST Amount');
    expect(
      s.getByText(/Rupees One Lakh Forty One Thousand Six Hundred Fifty Two and Paise Seventy Six Only/),
    ).toBeTruthy();
    expect(s.getByText('Delivery within 10 days of payment.')).toBeTruthy();
    expect(s.getByText(/IFSC: SBIN0001234/)).toBeTruthy();
    expect(s.getByText('Authorised Signatory')).toBeTruthy();
    expect(screen.queryByText(QUOTATION_MESSAGES.awaitingReview)).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Print Quotation' }));
    expect(print).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      `/api/crm/quotations/${quotation._id}/pdf?version=${approved._id}`,
    );
  });

  it('bands a re-quotation awaiting review and offers no Share', async () => {
    quotation = sampleQuotation(pending);
    page();
    await screen.findByRole('article', { name: 'Quotation ARR/0001/R1' });
    expect(screen.getByText(QUOTATION_MESSAGES.awaitingReview)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('says when the company or the account details are missing', async () => {
    quotation = sampleQuotation(approved);
    company = sampleCompany({ name: '', address: '', bankAccountNumber: '' });
    page();
    await screen.findByRole('article');
    expect(screen.getAllByText(QUOTATION_MESSAGES.companyMissing).length).toBeGreaterThan(0);
    expect(screen.getAllByText(QUOTATION_MESSAGES.accountMissing).length).toBeGreaterThan(0);
  });

  it('sends the PDF by e-mail to the address given', async () => {
    quotation = sampleQuotation(approved);
    company = sampleCompany();
    page();
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Quotation' });
    const input = within(dialog).getByLabelText(/^Email/);
    expect((input as HTMLInputElement).value).toBe('office@school.test');
    fireEvent.change(input, { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Email must be a valid email address')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'office@school.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.url).toBe(`/api/crm/quotations/${quotation._id}/send`);
    expect(sent.body).toEqual({ email: 'office@school.test', version: approved._id });
  });

  it('shares the PDF through the share sheet, or downloads it where files cannot be shared', async () => {
    quotation = sampleQuotation(approved);
    company = sampleCompany();
    const shared: File[] = [];
    Object.assign(navigator, {
      canShare: () => true,
      share: async (data: { files: File[] }) => {
        shared.push(...data.files);
      },
    });
    page();
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(shared).toHaveLength(1));
    expect(shared[0]!.name).toBe('ARR-0001.pdf');
    expect(shared[0]!.type).toBe('application/pdf');
    Object.assign(navigator, { canShare: () => false });
    const createUrl = vi.fn(() => 'blob:pdf');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createUrl).toHaveBeenCalled();
    expect(shared).toHaveLength(1);
  });
});
