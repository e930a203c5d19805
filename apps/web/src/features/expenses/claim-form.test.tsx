import { EXPENSE_MESSAGES } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, Wrap, where } from '../../test/harness';
import { ExpensesPage } from './expenses-page';
import { callsTo, receiptId, stubExpenseNetwork, TODAY } from './test-records';

/** A lazy chunk's first load in a test (the form kit, the date input) can take a few seconds on a busy machine. */
const LAZY_CHUNK_MS = 15_000;

const net = stubExpenseNetwork();

const openForm = async () => {
  render(
    <Wrap path="/hrm/expenses#new-claim" signedIn>
      <ExpensesPage />
    </Wrap>,
  );
  return screen.findByRole('dialog', { name: 'New expense claim' }, { timeout: LAZY_CHUNK_MS });
};
const posts = () => callsTo(net.calls, 'POST', '/hrm/expenses');
const type = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const category = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByRole('combobox', { name: /^Category/ }), { target: { value } });
const add = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add Expense' }));
const listed = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Listed expenses' }))
    .getAllByRole('row')
    .slice(1);

describe('expenses: the claim form', { timeout: 60_000 }, () => {
  it('adds travel by distance priced live at the rate per km, and posts the claim as a draft', async () => {
    const dialog = await openForm();
    type(dialog, /^Purpose/, '  School visits in Cuttack ');
    category(dialog, 'Travel');
    fireEvent.click(within(dialog).getByRole('radio', { name: /^By distance/ }));
    type(dialog, /^Distance \(km\)/, '42');
    expect(await within(dialog).findByText('42 km × ₹4.50 = ₹189.00')).toBeTruthy();
    type(dialog, /^Description/, 'Bike to Cuttack and back');
    add(dialog);
    const rows = listed(dialog);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('16/11/2026');
    expect(rows[0]!.textContent).toContain('Bike to Cuttack and back · 42 km');
    expect(rows[0]!.textContent).toContain('₹189.00');
    expect(within(dialog).getByTestId('claim-total').textContent).toBe('₹189.00');

    // A second expense without its amount is refused with the schema's message.
    category(dialog, 'Food');
    add(dialog);
    expect(await within(dialog).findByText(EXPENSE_MESSAGES.amountRequired)).toBeTruthy();
    type(dialog, /^Amount/, '120.5');
    add(dialog);
    expect(listed(dialog)).toHaveLength(2);
    expect(within(dialog).getByTestId('claim-total').textContent).toBe('₹309.50');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      title: 'School visits in Cuttack',
      lines: [
        {
          date: TODAY,
          category: 'Travel',
          description: 'Bike to Cuttack and back',
          amount: null,
          distanceKm: 42,
          customer: null,
          followUp: null,
          receipt: null,
        },
        {
          date: TODAY,
          category: 'Food',
          description: '',
          amount: 120.5,
          distanceKm: null,
          customer: null,
          followUp: null,
          receipt: null,
        },
      ],
    });
    expect(await screen.findByText(EXPENSE_MESSAGES.created)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New expense claim' })).toBeNull());
    const mine = await screen.findByRole('list', { name: 'My claims' });
    await waitFor(() => expect(within(mine).getByText('EC0005 · School visits in Cuttack')).toBeTruthy());
    expect(net.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it("shows the server's refusal above the fields and keeps everything typed", async () => {
    let refused = false;
    net.answer = (method, url) => {
      if (method !== 'POST' || url !== '/api/hrm/expenses' || refused) return undefined;
      refused = true;
      return envelope(null, 400, `Expense 1: ${EXPENSE_MESSAGES.customerNotFound}`);
    };
    const dialog = await openForm();
    type(dialog, /^Purpose/, 'Phone bill');
    category(dialog, 'Phone and internet');
    type(dialog, /^Amount/, '299');
    add(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      `Expense 1: ${EXPENSE_MESSAGES.customerNotFound}`,
    );
    expect(screen.getByRole('dialog', { name: 'New expense claim' })).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Purpose/).value).toBe('Phone bill');
    expect(listed(dialog)).toHaveLength(1);
    expect(listed(dialog)[0]!.textContent).toContain('₹299.00');

    // Sent again, the same values go.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.body).toEqual(posts()[0]!.body);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New expense claim' })).toBeNull());
  });

  it('uploads a receipt at once as multipart, shows it, warns of the expense still without one, then submits', async () => {
    let refusals = 0;
    net.answer = (method, url) => {
      if (method !== 'PATCH' || !url.endsWith('/submit') || refusals > 0) return undefined;
      refusals += 1;
      return envelope(null, 400, EXPENSE_MESSAGES.receiptMissing(1, 30_000));
    };
    const dialog = await openForm();
    type(dialog, /^Purpose/, 'Stay for the Puri exhibition');
    category(dialog, 'Food');
    type(dialog, /^Amount/, '350');
    add(dialog);
    // Over the ₹300 limit without a receipt: said before submitting.
    expect(await within(dialog).findByText(EXPENSE_MESSAGES.receiptMissing(1, 30_000))).toBeTruthy();

    category(dialog, 'Lodging');
    type(dialog, /^Amount/, '1800');
    const [, chooser] = dialog.querySelectorAll<HTMLInputElement>('input[type="file"]');
    expect(chooser!.accept).toBe('image/*,application/pdf');
    const file = new File(['jpeg bytes'], 'hotel-bill.jpg', { type: 'image/jpeg' });
    fireEvent.change(chooser!, { target: { files: [file] } });
    expect(await within(dialog).findByText('hotel-bill.jpg')).toBeTruthy();
    const uploads = callsTo(net.calls, 'POST', '/hrm/expenses/receipts');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.body).toBeInstanceOf(FormData);
    expect(((uploads[0]!.body as FormData).get('file') as File).name).toBe('hotel-bill.jpg');
    expect(within(dialog).getByRole('button', { name: 'Remove receipt hotel-bill.jpg' })).toBeTruthy();
    add(dialog);
    expect(listed(dialog)[1]!.textContent).toContain('Attached');
    expect(within(dialog).getByText(EXPENSE_MESSAGES.receiptMissing(1, 30_000))).toBeTruthy();
    expect(within(dialog).queryByText(EXPENSE_MESSAGES.receiptMissing(2, 30_000))).toBeNull();

    // Saved, then refused on submit: the claim stays a draft and the form goes on with it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and submit' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      `Saved as a draft, not submitted: ${EXPENSE_MESSAGES.receiptMissing(1, 30_000)}`,
    );
    expect(posts()).toHaveLength(1);
    expect((posts()[0]!.body as { lines: { receipt: string | null }[] }).lines.map((l) => l.receipt)).toEqual(
      [null, receiptId(1)],
    );
    const id = net.claims[0]!._id;
    expect(callsTo(net.calls, 'PATCH', `/hrm/expenses/${id}/submit`)).toHaveLength(1);

    // The first expense removed (asked first), the claim is saved over (PUT, not a second POST) and submitted.
    fireEvent.click(within(dialog).getByRole('button', { name: /^Remove expense 1/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(listed(dialog)).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and submit' }));
    await waitFor(() => expect(callsTo(net.calls, 'PATCH', `/hrm/expenses/${id}/submit`)).toHaveLength(2));
    expect(posts()).toHaveLength(1);
    expect(callsTo(net.calls, 'PUT', `/hrm/expenses/${id}`)).toHaveLength(1);
    expect(await screen.findByText(EXPENSE_MESSAGES.submitted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New expense claim' })).toBeNull());
    expect(where.hash).toBe('');
  });

  it('refuses a receipt over 5 MB before sending it', async () => {
    const dialog = await openForm();
    const [, chooser] = dialog.querySelectorAll<HTMLInputElement>('input[type="file"]');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    fireEvent.change(chooser!, { target: { files: [big] } });
    expect(await within(dialog).findByText(EXPENSE_MESSAGES.receiptTooLarge)).toBeTruthy();
    expect(callsTo(net.calls, 'POST', '/hrm/expenses/receipts')).toHaveLength(0);
  });
});
