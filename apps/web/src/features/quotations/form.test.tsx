import {
  daysFromToday,
  QUOTATION_MESSAGES as M,
  quotationItemWarning,
  type RequirementDto,
} from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, meWith, recordStamps, stubNetwork, Wrap, where } from '../../test/harness';
import { QuotationCreatePage, QuotationReQuotationPage, QuotationUpdatePage } from './form-pages';
import {
  CUSTOMER,
  customer,
  FAR_CUSTOMER,
  hex,
  ITEMS,
  itemDetail,
  KIT,
  MARGIN,
  MARGINS,
  PANEL,
  QUOTATION,
  quotation,
  REQUIREMENT,
} from './form-test-records';

configure({ asyncUtilTimeout: 15000 });

const SELLER = {
  quotation: ['read', 'create', 'update'],
  customer: ['read', 'suggestion'],
  requirement: ['read', 'suggestion'],
  'product-item': ['read', 'suggestion'],
  'product-margin': ['read'],
  'product-item-price': ['read-t1', 'read-t2'],
};

const requirementRecord = (): RequirementDto =>
  ({
    ...recordStamps,
    createdBy: null,
    updatedBy: null,
    _id: REQUIREMENT,
    requirementId: 5,
    title: 'Quotation for smart class kits',
    customer: {
      _id: CUSTOMER,
      customerId: 7,
      name: 'DAV Public School',
      type: 'Organization',
      marginTier: 't2',
      isDeleted: false,
    },
    type: 'Product',
    priority: 'High',
    status: 'Open',
    items: [
      {
        item: {
          _id: KIT,
          name: 'Robotics kit',
          sku: 1,
          state: 'Verified',
          gst: 18,
          margin: { _id: MARGIN, name: 'Std' },
          hasPrice: true,
          isDeleted: false,
        },
        quantity: 4,
        note: null,
      },
      {
        item: {
          _id: hex(4),
          name: 'Lab bench',
          sku: 4,
          state: 'Verified',
          gst: null,
          margin: null,
          hasPrice: false,
          isDeleted: false,
        },
        quantity: 1,
        note: null,
      },
      { item: null, quantity: 2, note: null },
      {
        item: {
          _id: hex(5),
          name: 'Globe',
          sku: 5,
          state: 'Verified',
          gst: 12,
          margin: { _id: hex(901), name: 'Gone' },
          hasPrice: true,
          isDeleted: false,
        },
        quantity: 1,
        note: null,
      },
    ],
    budget: null,
    purchaseDate: null,
    quotation: null,
    notes: null,
  }) as RequirementDto;

let permissions: Record<string, string[]> = SELLER;
let customerTier: string | null = 't2';
let customerGone = false;
let saveAnswer: (() => Response) | undefined;
let current = quotation();
const calls = stubNetwork(
  () => meWith(permissions),
  (method, url) => {
    const u = new URL(url, 'http://x');
    const p = u.pathname;
    if (method === 'GET' && p === '/api/crm/products/items/suggestion') {
      const name = (u.searchParams.get('name') ?? '').toLowerCase();
      return envelope(ITEMS.filter((i) => name && i.name.toLowerCase().includes(name)));
    }
    const item = /^\/api\/crm\/products\/items\/([0-9a-f]{24})$/.exec(p);
    if (method === 'GET' && item)
      return envelope(itemDetail(item[1]!), itemDetail(item[1]!) ? 200 : 404, 'Item not found');
    if (method === 'GET' && p === `/api/crm/products/margins/${MARGIN}`)
      return envelope({ _id: MARGIN, name: 'Std', margins: MARGINS });
    if (method === 'GET' && p === '/api/crm/customers/suggestion')
      return envelope([
        customer(CUSTOMER, 'Odisha', customerTier),
        customer(FAR_CUSTOMER, 'Jharkhand', 't1'),
      ]);
    if (method === 'GET' && p === `/api/crm/customers/${CUSTOMER}` && customerGone)
      return envelope(null, 404, 'Customer not found');
    if (method === 'GET' && p === `/api/crm/customers/${CUSTOMER}`)
      return envelope(customer(CUSTOMER, 'Odisha', customerTier));
    if (method === 'GET' && p === `/api/crm/customers/${FAR_CUSTOMER}`)
      return envelope(customer(FAR_CUSTOMER, 'Jharkhand', 't1'));
    if (method === 'GET' && p === '/api/crm/requirements/suggestion')
      return envelope([
        { _id: REQUIREMENT, requirementId: 5, title: 'Smart class kits', customer: null, status: 'Open' },
      ]);
    if (method === 'GET' && p === `/api/crm/requirements/${REQUIREMENT}`)
      return envelope(requirementRecord());
    if (method === 'GET' && p === `/api/crm/quotations/${QUOTATION}`) return envelope(current);
    if (
      (method === 'POST' && p === '/api/crm/quotations') ||
      (method === 'PATCH' && p.startsWith(`/api/crm/quotations/${QUOTATION}`))
    )
      return saveAnswer
        ? saveAnswer()
        : envelope(current, method === 'POST' ? 201 : 200, 'Quotation saved successfully');
    return undefined;
  },
);

beforeEach(() => {
  permissions = SELLER;
  customerTier = 't2';
  customerGone = false;
  saveAnswer = undefined;
  current = quotation();
});

const App = ({ path, state }: { path: string; state?: unknown }) => (
  <Wrap
    path={path}
    state={state}
    signedIn
    routes={[
      { path: '/crm/quotations/create', element: <QuotationCreatePage /> },
      { path: '/crm/quotations/:id/update', element: <QuotationUpdatePage /> },
      { path: '/crm/quotations/:id/re-quotation', element: <QuotationReQuotationPage /> },
    ]}
  />
);

const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const pickFrom = async (label: string, search: string, option: string | RegExp) => {
  const picker = await screen.findByRole<HTMLInputElement>('textbox', { name: label });
  fireEvent.click(picker);
  fireEvent.change(picker, { target: { value: search } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
};
const unitPrice = () => textbox('Unit Price (₹)');
const totals = () => screen.getByRole('region', { name: 'Totals' });
const saved = () => calls.find((c) => c.method === 'POST' || c.method === 'PATCH');

// Whole forms driven through pickers: some seconds on two busy cores, over vitest's default.
describe('quotation form', { timeout: 60_000 }, () => {
  it('is prefilled from Convert to Quotation, says every warning, and creates the quotation', async () => {
    render(
      <App
        path="/crm/quotations/create"
        state={{ requirementId: REQUIREMENT, customerId: CUSTOMER, requirementTitle: 'Smart class kits' }}
      />,
    );
    const warnings = await screen.findByTestId('prefill-warnings');
    expect(warnings.textContent).toContain(
      'Item Lab bench does not have margin. Please add margin to item first.',
    );
    expect(warnings.textContent).toContain(
      'Item Lab bench does not have price. Please add price to item first.',
    );
    expect(warnings.textContent).toContain('Item Lab bench does not have GST. Please add GST to item first.');
    expect(warnings.textContent).toContain(M.itemNotFound);
    expect(warnings.textContent).toContain(M.itemMarginNotFound);
    expect(textbox('Title').value).toBe('Quotation for smart class kits');
    // The pickers and the line editor load beside the form (lazily).
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Customer' })).value).toBe(
      'DAV Public School',
    );
    expect(textbox('Requirement').value).toBe('RI0005 · Quotation for smart class kits');
    const listed = await screen.findByRole('table', { name: 'Listed items' });
    expect(within(listed).getByText('Robotics kit')).toBeTruthy();
    expect(within(listed).queryByText('Lab bench')).toBeNull();
    // 4 × ₹1,200 (t2: 1000 + 20%) = 4,800; GST 18% = 864, within Odisha: CGST 432 + SGST 432.
    await waitFor(() => expect(within(totals()).getByText('₹5,664.00')).toBeTruthy());
    expect(within(totals()).getAllByText('₹432.00')).toHaveLength(2);
    expect(within(totals()).queryByText('IGST')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create Quotation' }));
    await waitFor(() => expect(where.pathname).toBe(`/crm/quotations/${QUOTATION}`));
    expect(saved()?.body).toEqual({
      customer: CUSTOMER,
      requirement: REQUIREMENT,
      title: 'Quotation for smart class kits',
      validUntil: daysFromToday(7),
      items: [{ item: KIT, quantity: 4, marginTier: 't2', gst: 18, unitPrice: 1200 }],
    });
  });

  it('asks for the customer’s margin tier first', async () => {
    customerTier = null;
    render(
      <App
        path="/crm/quotations/create"
        state={{ requirementId: REQUIREMENT, customerId: CUSTOMER, requirementTitle: 'Smart class kits' }}
      />,
    );
    const warnings = await screen.findByTestId('prefill-warnings');
    expect(warnings.textContent).toContain(M.marginTierMissing);
  });

  it('says so when the requirement’s customer is gone', async () => {
    customerGone = true;
    render(
      <App
        path="/crm/quotations/create"
        state={{ requirementId: REQUIREMENT, customerId: CUSTOMER, requirementTitle: 'Smart class kits' }}
      />,
    );
    const warnings = await screen.findByTestId('prefill-warnings');
    expect(warnings.textContent).toContain(M.customerNotFound);
  });

  it('checks an item as it is picked: not verified, no margin, stock or GST, already listed', async () => {
    render(<App path="/crm/quotations/create" />);
    await pickFrom('Item', 'drone', 'Drone set');
    expect(await screen.findByText(quotationItemWarning.notVerified('Drone set'))).toBeTruthy();
    expect(textbox('Item').value).toBe('');
    await pickFrom('Item', 'bench', 'Lab bench');
    const alert = await screen.findByText(/Item Lab bench does not have margin/);
    expect(alert.textContent).toContain(quotationItemWarning.stock('Lab bench'));
    expect(alert.textContent).toContain(quotationItemWarning.gst('Lab bench'));
    expect(textbox('Item').value).toBe('');

    await pickFrom('Item', 'kit', 'Robotics kit');
    fireEvent.change(screen.getByRole('combobox', { name: 'Margin Tier' }), { target: { value: 't1' } });
    await waitFor(() => expect(unitPrice().value).toBe('1100.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await screen.findByRole('table', { name: 'Listed items' });
    await pickFrom('Item', 'kit', 'Robotics kit');
    expect(await screen.findByText(M.itemDuplicate)).toBeTruthy();
  });

  it('prices a tier, refuses a custom price below the minimum, and matches a custom price to its tier', async () => {
    render(<App path="/crm/quotations/create" />);
    await pickFrom('Customer', 'DAV', 'DAV Public School');
    const tier = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Margin Tier' });
    // The tiers the user may read, then Custom; the customer's t2 preselected.
    await waitFor(() => expect(tier.value).toBe('t2'));
    expect([...tier.options].map((o) => o.textContent)).toEqual(['T1', 'T2', 'Custom']);
    await pickFrom('Item', 'kit', 'Robotics kit');
    await waitFor(() => expect(unitPrice().value).toBe('1200.00'));
    expect(unitPrice().readOnly).toBe(true);
    expect(textbox('GST %').value).toBe('18');

    fireEvent.change(tier, { target: { value: 'custom' } });
    expect(unitPrice().readOnly).toBe(false);
    // The minimum: 1000 + the lowest margin (pt1, 5%) = 1050.
    fireEvent.change(unitPrice(), { target: { value: '1049.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText(M.unitPriceBelowMinimum)).toBeTruthy();
    fireEvent.change(unitPrice(), { target: { value: '1100' } });
    expect(screen.getByTestId('line-margin').textContent).toBe('Margin 10.00% (T1)');
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    const listed = await screen.findByRole('table', { name: 'Listed items' });
    // 1100 is T1's price: the line is T1.
    expect(within(listed).getByText('T1')).toBeTruthy();
    expect(within(totals()).getByText('₹2,596.00')).toBeTruthy();

    // Removing asks first; confirmed, the totals drop to zero.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Robotics kit' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove Item' });
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(totals()).getAllByText('₹0.00').length).toBeGreaterThan(2));
  });

  it('splits the GST as IGST for a customer of another state', async () => {
    render(<App path="/crm/quotations/create" />);
    await pickFrom('Customer', 'Ranchi', 'Ranchi Public School');
    await pickFrom('Item', 'panel', 'Smart panel');
    // t1 (the customer's): 2000 + 10% = 2200; GST 40% = 880, all IGST.
    await waitFor(() => expect(unitPrice().value).toBe('2200.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(within(totals()).getByText('IGST')).toBeTruthy());
    expect(within(totals()).getAllByText('₹880.00')).toHaveLength(2);
    expect(within(totals()).getByText('₹3,080.00')).toBeTruthy();
    expect(PANEL).toBeTruthy();
  });

  it('refuses to save with the spec’s messages, and shows the server’s refusal on its field', async () => {
    saveAnswer = () => envelope(null, 400, M.requirementHasQuotation);
    render(<App path="/crm/quotations/create" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create Quotation' }));
    expect(await screen.findByText(M.customerRequired)).toBeTruthy();
    expect(screen.getByText(M.requirementRequired)).toBeTruthy();
    expect(screen.getByText(M.titleMin)).toBeTruthy();
    expect(screen.getByText(M.itemsRequired)).toBeTruthy();
    expect(saved()).toBeUndefined();

    await pickFrom('Customer', 'DAV', 'DAV Public School');
    await pickFrom('Requirement', 'smart', 'RI0005 · Smart class kits');
    // The requirement brings its title and items.
    await screen.findByRole('table', { name: 'Listed items' });
    await waitFor(() => expect(textbox('Title').value).toBe('Quotation for smart class kits'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Quotation' }));
    const requirement = await screen.findByRole('textbox', { name: 'Requirement' });
    await waitFor(() => expect(requirement.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(M.requirementHasQuotation).length).toBeGreaterThan(0);
    expect(where.pathname).toBe('/crm/quotations/create');
  });

  it('updates the active Draft version with what changed only', async () => {
    render(<App path={`/crm/quotations/${QUOTATION}/update`} />);
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' });
    expect(title.value).toBe('Quotation for smart class kits');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Customer' }).disabled).toBe(true);
    fireEvent.change(title, { target: { value: 'Quotation for smart class kits, revised' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Quotation' }));
    await waitFor(() => expect(where.pathname).toBe(`/crm/quotations/${QUOTATION}`));
    expect(saved()).toMatchObject({ method: 'PATCH', url: `/api/crm/quotations/${QUOTATION}` });
    expect(saved()?.body).toEqual({ title: 'Quotation for smart class kits, revised' });
  });

  it('says an active version that is not Draft cannot be changed', async () => {
    current = quotation({ status: 'ReQuoted' });
    render(<App path={`/crm/quotations/${QUOTATION}/update`} />);
    expect(await screen.findByText(M.notDraft)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the quotation' }).getAttribute('href')).toBe(
      `/crm/quotations/${QUOTATION}`,
    );
  });

  it('makes a re-quotation: its wording, the changes it makes, and the whole new version sent', async () => {
    render(<App path={`/crm/quotations/${QUOTATION}/re-quotation`} />);
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' });
    expect(title.value).toBe('Re-Quotation for smart class kits');
    expect(screen.getByRole('heading', { name: 'Create Re-Quotation' })).toBeTruthy();
    expect(screen.getByText('No changes to the items yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Robotics kit' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Quantity' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Item' }));
    const changes = await screen.findByRole('table', { name: 'ReQuotation Changes' });
    expect(within(changes).getByText('Quantity Changed')).toBeTruthy();
    expect(within(changes).getByText('Quantity changed from 2 to 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Re-Quotation' }));
    await waitFor(() => expect(where.pathname).toBe(`/crm/quotations/${QUOTATION}`));
    expect(saved()).toMatchObject({ method: 'PATCH', url: `/api/crm/quotations/${QUOTATION}/re-quotation` });
    expect(saved()?.body).toEqual({
      title: 'Re-Quotation for smart class kits',
      validUntil: '2099-01-31',
      notes: 'Delivery in January',
      items: [{ item: KIT, quantity: 5, marginTier: 't2', gst: 18, unitPrice: 1200 }],
    });
  });

  it('keeps a re-quotation typed before a dropped connection, offered back on return', async () => {
    const { unmount } = render(<App path={`/crm/quotations/${QUOTATION}/re-quotation`} />);
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'Re-Quotation for smart class kits, fewer kits' } });
    await waitFor(() =>
      expect(sessionStorage.getItem(`karya:draft:/crm/quotations/${QUOTATION}/re-quotation`)).toContain(
        'fewer kits',
      ),
    );
    unmount();
    render(<App path={`/crm/quotations/${QUOTATION}/re-quotation`} />);
    expect(await screen.findByText('Restore your unsaved re-quotation of ARR/0001?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(textbox('Title').value).toBe('Re-Quotation for smart class kits, fewer kits'));
  });

  it('brings a picked requirement’s title and items into a new quotation', async () => {
    render(<App path="/crm/quotations/create" />);
    await pickFrom('Customer', 'DAV', 'DAV Public School');
    await pickFrom('Requirement', 'smart', 'RI0005 · Smart class kits');
    const listed = await screen.findByRole('table', { name: 'Listed items' });
    expect(within(listed).getByText('Robotics kit')).toBeTruthy();
    expect(textbox('Title').value).toBe('Quotation for smart class kits');
    expect((await screen.findByTestId('prefill-warnings')).textContent).toContain(
      'Item Lab bench does not have GST. Please add GST to item first.',
    );
  });
});
