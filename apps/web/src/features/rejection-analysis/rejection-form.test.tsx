import {
  EMAIL_MESSAGES,
  REJECTION_MESSAGES as M,
  PHONE_MESSAGE,
  type QuotationDto,
  type RejectionAnalysisDto,
  todayInAppZone,
} from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap, where } from '../../test/harness';
import { routes as quotationRoutes } from '../quotations/routes';
import { UNSAVED_REASON } from './rejection-form';
import { routes } from './routes';
import { analysis, hex, openQuotation as quotation } from './test-records';

configure({ asyncUtilTimeout: 15000 });

let permissions: Record<string, string[]> = {};
let quotations: QuotationDto[] = [];
let analyses: RejectionAnalysisDto[] = [];

const calls = stubNetwork(
  () => meWith(permissions),
  (method, url) => {
    const u = new URL(url, 'http://x');
    const q = /^\/api\/crm\/quotations\/([0-9a-f]{24})$/.exec(u.pathname);
    if (q && method === 'GET') {
      const found = quotations.find((x) => x._id === q[1]);
      return found ? envelope(found) : envelope(null, 404, 'Quotation not found');
    }
    if (method === 'POST' && u.pathname === '/api/crm/rejection-analysis')
      return envelope(analysis(1), 201, M.created);
    const one = /^\/api\/crm\/rejection-analysis\/([0-9a-f]{24})$/.exec(u.pathname);
    if (one) {
      const found = analyses.find((a) => a._id === one[1]);
      if (!found) return envelope(null, 404, M.notFound);
      if (method === 'GET') return envelope(found);
      if (method === 'PATCH') return envelope(found, 200, M.updated);
    }
    return undefined;
  },
);

/** As in the app, the form's route sits beside the quotations' own (the router takes every routes.tsx). */
const App = ({ path, state }: { path: string; state?: unknown }) => (
  <Wrap
    path={path}
    state={state}
    signedIn
    routes={[...quotationRoutes, ...routes].map((r) => ({ ...r, path: `/${r.path}` }))}
  />
);

const Q = hex(1);
const CREATE = `/crm/quotations/${Q}/rejection-analysis`;
const ALL = ['create', 'read', 'update', 'delete', 'restore', 'delete-permanently'];
const textbox = (name: string | RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const type = (name: string | RegExp, value: string) => fireEvent.change(textbox(name), { target: { value } });
/** The date picker arrives in its own chunk: until then a read-only stand-in shows the date. */
const dateInput = async () => {
  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/Rejection Date/).readOnly).toBe(false));
  return screen.getByLabelText<HTMLInputElement>(/Rejection Date/);
};
/** The reasons editor checks with the lazily loaded rules: Add waits for them. */
const ready = () =>
  waitFor(() =>
    expect(screen.getByRole('button', { name: 'Add Reason' }).hasAttribute('disabled')).toBe(false),
  );
const addReason = (text: string) => {
  type('Rejection reason', text);
  fireEvent.click(screen.getByRole('button', { name: 'Add Reason' }));
};
const listed = () =>
  within(screen.getByRole('list', { name: 'Rejection reasons' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const submit = (label = 'Save Rejection Analysis') =>
  fireEvent.click(screen.getByRole('button', { name: label }));
const posted = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/crm/rejection-analysis');

describe('rejection analysis form', { timeout: 60_000 }, () => {
  it('opened by its address alone: loads the quotation, shows it, and gives the spec messages', async () => {
    permissions = { 'rejection-analysis': ALL, quotation: ['read'] };
    quotations = [quotation(1)];
    render(<App path={CREATE} />);
    const summary = within(await screen.findByRole('region', { name: 'Quotation' }));
    expect(summary.getByRole('link', { name: 'ARR/0001/R1' }).getAttribute('href')).toBe(
      `/crm/quotations/${Q}`,
    );
    expect(summary.getByText('R1')).toBeTruthy();
    expect(summary.getByText('Re-Quotation for smart class 1')).toBeTruthy();
    expect(summary.getByText('CI0007 · DAV Public School')).toBeTruthy();
    expect(summary.getByText('₹2,00,600.00')).toBeTruthy();
    // Our quoted amount stands beside the competitor's offer.
    expect(textbox('Our Quoted Amount').value).toBe('₹2,00,600.00');

    const date = await dateInput();
    expect(date.value).toBe(todayInAppZone().split('-').reverse().join('/'));
    fireEvent.change(date, { target: { value: '' } });
    type("Competitor's Offered Amount", '-5');
    type('Email', 'not-an-email');
    type('Phone', '12345');
    submit();
    expect(await screen.findByText(M.dateRequired)).toBeTruthy();
    expect(screen.getByText(M.reasonsRequired)).toBeTruthy();
    expect(screen.getByText(M.offeredAmountPositive)).toBeTruthy();
    expect(screen.getByText(EMAIL_MESSAGES.format)).toBeTruthy();
    expect(screen.getByText(PHONE_MESSAGE)).toBeTruthy();

    // A future day; an amount of nothing but letters.
    fireEvent.change(date, { target: { value: '01/01/2099' } });
    type("Competitor's Offered Amount", 'abc');
    await waitFor(() => expect(screen.getByText(M.dateFuture)).toBeTruthy());
    expect(screen.getByText(M.offeredAmountPositive)).toBeTruthy();

    // All else right, a loss to a competitor must name it (checked once the fields pass).
    fireEvent.change(date, { target: { value: '05/03/2026' } });
    type("Competitor's Offered Amount", '');
    type('Email', '');
    type('Phone', '');
    await ready();
    addReason('Price too high');
    await waitFor(() => expect(listed()).toEqual(['Price too high']));
    fireEvent.change(screen.getByRole('combobox', { name: /Lost To/ }), { target: { value: 'Competitor' } });
    submit();
    expect(await screen.findByText(M.competitorNeeded)).toBeTruthy();
    expect(posted()).toHaveLength(0);
  });

  it('adds, refuses, edits back into the input and removes reasons; a reason left typed stops the save', async () => {
    permissions = { 'rejection-analysis': ALL, quotation: ['read'] };
    quotations = [quotation(1)];
    render(<App path={CREATE} />);
    await screen.findByRole('region', { name: 'Quotation' });
    expect(screen.getByText('No reason added yet.')).toBeTruthy();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Add Reason' }));
    expect(await screen.findByText(M.reasonEmpty)).toBeTruthy();
    addReason('  Price too high ');
    await waitFor(() => expect(listed()).toEqual(['Price too high']));
    expect(textbox('Rejection reason').value).toBe('');
    addReason('PRICE TOO HIGH');
    expect(await screen.findByText(M.reasonDuplicate)).toBeTruthy();
    addReason('Delivery too late');
    await waitFor(() => expect(listed()).toEqual(['Price too high', 'Delivery too late']));

    // Edit moves the reason back into the input; Save Reason puts it back in its place.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Price too high' }));
    expect(textbox('Rejection reason').value).toBe('Price too high');
    expect(screen.getByText('Edit reason 1')).toBeTruthy();
    type('Rejection reason', 'Price above the budget');
    fireEvent.click(screen.getByRole('button', { name: 'Save Reason' }));
    await waitFor(() => expect(listed()).toEqual(['Price above the budget', 'Delivery too late']));

    // Typed but not added: Edit asks before it is lost, and the save refuses.
    type('Rejection reason', 'Warranty too short');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Delivery too late' }));
    const discard = await screen.findByRole('dialog', { name: 'Discard Reason' });
    fireEvent.click(within(discard).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard Reason' })).toBeNull());
    expect(textbox('Rejection reason').value).toBe('Warranty too short');
    submit();
    expect(await screen.findByText(UNSAVED_REASON)).toBeTruthy();
    expect(posted()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Delivery too late' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove Reason' });
    expect(remove.textContent).toContain('Delivery too late');
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(listed()).toEqual(['Price above the budget']));
  });

  it('drops blank optional text, sends the carried version, says the message and opens the analysis', async () => {
    permissions = { 'rejection-analysis': ALL, quotation: ['read'] };
    const q = quotation(1);
    quotations = [q];
    // Reject carries the quotation and the version it rejects (spec 2 §2).
    render(<App path={CREATE} state={{ quotation: q, quotationVersionId: q.activeVersion._id }} />);
    await screen.findByRole('region', { name: 'Quotation' });
    await ready();
    addReason('Price too high');
    await waitFor(() => expect(listed()).toEqual(['Price too high']));
    const date = await dateInput();
    fireEvent.change(date, { target: { value: '05/03/2026' } });
    type('Detailed Reason', '   ');
    type('Competitor Name', '  ');
    type('Customer Feedback', '\n  \n');
    type('Name', ' R. Das ');
    type('Designation', ' ');
    type('Phone', '0674-1234567');
    submit();
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]!.body).toEqual({
      quotation: Q,
      quotationVersionId: q.activeVersion._id,
      rejectionDate: '2026-03-05',
      rejectionReasons: ['Price too high'],
      rejectedPerson: { name: 'R. Das', phone: '0674-1234567' },
    });
    expect(await screen.findByText(M.created)).toBeTruthy();
    await waitFor(() => expect(where.pathname).toBe(`/admin/rejection-analysis/${hex(3001)}`));
  });

  it('sends lost to and the competitor when given, and goes back to the quotation without read on analyses', async () => {
    permissions = { 'rejection-analysis': ['create'], quotation: ['read'] };
    quotations = [quotation(1)];
    render(<App path={CREATE} />);
    await screen.findByRole('region', { name: 'Quotation' });
    await ready();
    addReason('Price too high');
    await waitFor(() => expect(listed()).toEqual(['Price too high']));
    fireEvent.change(screen.getByRole('combobox', { name: /Lost To/ }), { target: { value: 'Competitor' } });
    type('Competitor Name', 'Vidya Systems');
    type("Competitor's Offered Amount", '1,80,000.50');
    submit();
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]!.body).toMatchObject({
      quotationVersionId: quotation(1).activeVersion._id,
      lostTo: 'Competitor',
      competitor: { name: 'Vidya Systems', offeredAmount: 180000.5 },
    });
    await waitFor(() => expect(where.pathname).toBe(`/crm/quotations/${Q}`));
  });

  it('keeps what was typed, the reason being typed too, and offers it back on return', async () => {
    permissions = { 'rejection-analysis': ALL, quotation: ['read'] };
    quotations = [quotation(1)];
    const { unmount } = render(<App path={CREATE} />);
    await screen.findByRole('region', { name: 'Quotation' });
    await ready();
    addReason('Price too high');
    await waitFor(() => expect(listed()).toEqual(['Price too high']));
    type('Rejection reason', 'Late deliv');
    type('Detailed Reason', 'The board met on Monday');
    const stored = () =>
      Object.keys(sessionStorage)
        .map((k) => sessionStorage.getItem(k) ?? '')
        .join();
    await waitFor(() => expect(stored()).toContain('Late deliv'));
    expect(stored()).toContain('The board met on Monday');
    unmount();
    render(<App path={CREATE} />);
    expect(await screen.findByText('Restore your unsaved rejection analysis of ARR/0001/R1?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(listed()).toEqual(['Price too high']));
    expect(textbox('Rejection reason').value).toBe('Late deliv');
    expect(textbox('Detailed Reason').value).toBe('The board met on Monday');
  });

  it("says 'Quotation not found', and why a decided quotation cannot be rejected", async () => {
    permissions = { 'rejection-analysis': ALL, quotation: ['read'] };
    quotations = [];
    const { unmount } = render(<App path={CREATE} />);
    expect(await screen.findByText(M.quotationNotFound)).toBeTruthy();
    unmount();
    const q = quotation(1);
    quotations = [{ ...q, activeVersion: { ...q.activeVersion, status: 'Rejected' } }];
    render(<App path={CREATE} />);
    expect(await screen.findByText(M.alreadyRejected)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the quotation' }).getAttribute('href')).toBe(
      `/crm/quotations/${Q}`,
    );
    expect(screen.queryByRole('button', { name: 'Save Rejection Analysis' })).toBeNull();
  });
});

describe('rejection analysis update', { timeout: 60_000 }, () => {
  it('opens prefilled and sends the whole analysis, cleared text as null', async () => {
    permissions = { 'rejection-analysis': ALL };
    analyses = [analysis(1)];
    render(<App path={`/admin/rejection-analysis/${hex(3001)}/update`} />);
    const form = await screen.findByRole('form', { name: 'Update Rejection Analysis' });
    expect(listed()).toEqual(['Price too high', 'Delivery too late']);
    expect((await dateInput()).value).toBe('05/03/2026');
    expect(textbox('Detailed Reason').value).toBe('The board chose the cheaper panels.');
    expect(within(form).getByRole<HTMLSelectElement>('combobox', { name: /Lost To/ }).value).toBe(
      'Competitor',
    );
    expect(textbox('Competitor Name').value).toBe('Vidya Systems');
    expect(textbox("Competitor's Offered Amount").value).toBe('180000');
    expect(textbox('Our Quoted Amount').value).toBe('₹2,00,600.00');
    expect(textbox('Customer Feedback').value).toBe('Liked the demo.');
    expect(textbox('Name').value).toBe('R. Das');
    expect(textbox('Email').value).toBe('das@dav.example');

    type('Customer Feedback', '  ');
    type('Competitor Name', 'Shiksha Tech');
    submit('Update Rejection Analysis');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const sent = calls.find((c) => c.method === 'PATCH')!;
    expect(sent.url).toBe(`/api/crm/rejection-analysis/${hex(3001)}`);
    expect(sent.body).toEqual({
      rejectionDate: '2026-03-05',
      rejectionReasons: ['Price too high', 'Delivery too late'],
      detailedReason: 'The board chose the cheaper panels.',
      lostTo: 'Competitor',
      competitor: { name: 'Shiksha Tech', offeredAmount: 180000 },
      customerFeedback: null,
      rejectedPerson: {
        name: 'R. Das',
        designation: 'Principal',
        email: 'das@dav.example',
        phone: '9876543210',
      },
    });
    expect(await screen.findByText(M.updated)).toBeTruthy();
    await waitFor(() => expect(where.pathname).toBe(`/admin/rejection-analysis/${hex(3001)}`));
  });

  it("says 'Rejection Analysis not found'", async () => {
    permissions = { 'rejection-analysis': ALL };
    analyses = [];
    render(<App path={`/admin/rejection-analysis/${hex(3009)}/update`} />);
    expect(await screen.findByText(M.notFound)).toBeTruthy();
  });
});
