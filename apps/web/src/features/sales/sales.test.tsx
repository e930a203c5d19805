import { notEnoughStockMessage, SALE_MESSAGES, type StockDetailDto } from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, recordStamps, stubNetwork, Wrap, where } from '../../test/harness';
import { routes as stockRoutes } from '../stocks/routes';
import { routes } from './routes';

configure({ asyncUtilTimeout: 15000 });

const hex = (n: number) => n.toString(16).padStart(24, '0');
const MARGIN = hex(900);
const ITEMS = [
  {
    _id: hex(1),
    name: 'Robotics kit',
    sku: 1,
    gst: 18,
    state: 'Verified',
    stock: { _id: hex(11), currentStock: 6, priceToShow: 1000 },
    margin: { _id: MARGIN, name: 'Standard' },
  },
  {
    _id: hex(2),
    name: 'Never bought panel',
    sku: 2,
    gst: 28,
    state: 'Verified',
    stock: null,
    margin: { _id: MARGIN, name: 'Standard' },
  },
];
const CUSTOMERS = [{ _id: hex(700), customerId: 7, name: 'DAV Public School', marginTier: 't2' }];

let permissions: Record<string, string[]> = {};
let saleAnswer: Response | undefined;
let marginsGate: Promise<void> | undefined;
const calls = stubNetwork(
  () => meWith(permissions),
  (method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/crm/products/items/suggestion') {
      const name = (u.searchParams.get('name') ?? '').toLowerCase();
      return envelope(ITEMS.filter((i) => name && i.name.toLowerCase().includes(name)));
    }
    if (method === 'GET' && u.pathname === '/api/crm/customers/suggestion') return envelope(CUSTOMERS);
    if (method === 'GET' && u.pathname === `/api/crm/products/margins/${MARGIN}`) {
      const margin = () =>
        envelope({
          _id: MARGIN,
          name: 'Standard',
          margins: { t1: 10, t2: 20, t3: 30, pt1: 5, pt2: 15, pt3: 25 },
        });
      // A slow answer, when a test holds it back.
      return (marginsGate ? marginsGate.then(margin) : margin()) as Response;
    }
    if (method === 'POST' && u.pathname === '/api/crm/products/sales') return saleAnswer;
    if (method === 'GET' && u.pathname === '/api/crm/products/sales/next-invoice-no')
      return envelope({
        invoiceNo: `INV/2026-27/00${u.searchParams.get('date')?.slice(8, 10)}`,
        series: 'INV/{FY}/',
      });
    const stock = /^\/api\/crm\/products\/stocks\/([0-9a-f]{24})$/.exec(u.pathname);
    if (stock && method === 'GET') return envelope(STOCK);
    if (method === 'GET' && u.pathname.endsWith('/history'))
      return envelope({
        history: [
          {
            _id: hex(51),
            invoiceNo: 'S-1',
            date: '2026-11-20',
            type: 'sale',
            quantity: -3,
            pricePerUnit: 1200,
            gst: 18,
            totalPrice: 4248,
            documentId: hex(61),
            adjustmentType: null,
            reason: null,
          },
        ],
        historyCount: 1,
        page: 1,
        limit: 10,
      });
    return undefined;
  },
);

const STOCK: StockDetailDto = {
  ...recordStamps,
  _id: hex(11),
  item: { _id: hex(1), name: 'Robotics kit', sku: 1, isDeleted: false },
  totalPurchased: 10,
  totalSold: 3,
  currentStock: 6,
  lastPurchasedStock: 10,
  lastSoldStock: 3,
  lastPurchasePrice: 900,
  averagePurchasePrice: 900,
  totalPurchasePrice: 9000,
  lastGST: 18,
  priceToShow: 1000,
  stockAdjustments: [],
};

const App = ({ path }: { path: string }) => (
  <Wrap
    path={path}
    signedIn
    routes={[...routes, ...stockRoutes].map((r) => ({ ...r, path: `/${r.path}` }))}
  />
);

const pickFrom = async (label: string, search: string, option: string) => {
  const picker = await screen.findByRole<HTMLInputElement>('textbox', { name: label });
  fireEvent.click(picker);
  fireEvent.change(picker, { target: { value: search } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
};
const SELLER = {
  'product-sale': ['read', 'create'],
  'product-item': ['suggestion'],
  customer: ['suggestion'],
  'product-margin': ['read'],
  'product-item-price': ['read-t1', 'read-t2'],
  'product-stock': ['read', 'adjust'],
};

// A whole form driven through pickers: some 5 s on two busy cores, over vitest's default.
describe('sale form', () => {
  it('preselects the customer tier, computes the price, keeps totals live and confirms edit and remove', async () => {
    permissions = SELLER;
    render(<App path="/admin/products/sales/create" />);
    await pickFrom('Customer', 'DAV', 'DAV Public School');
    const tier = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Margin Tier' });
    // Only the tiers the user may read, then custom; the customer's t2 preselected.
    expect([...tier.options].map((o) => o.textContent)).toEqual(['T1', 'T2', 'Custom']);
    expect(tier.value).toBe('t2');

    // An item never bought has no price to show: the spec's warning, and a tier line is refused.
    await pickFrom('Item', 'panel', 'Never bought panel');
    expect(await screen.findByText(SALE_MESSAGES.stockNotCreated)).toBeTruthy();

    await pickFrom('Item', 'kit', 'Robotics kit');
    // 1000 + 20% = 1200.00, computed; GST from the item (18).
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Price per unit (₹)' }).value).toBe(
        '1200.00',
      ),
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Price per unit (₹)' }).readOnly).toBe(true);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'GST %' }).value).toBe('18');
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    const totals = await screen.findByRole('region', { name: 'Totals' });
    // 3 × 1200 = 3600, GST 18% = 648, total 4248.
    await waitFor(() => expect(within(totals).getByText('₹4,248.00')).toBeTruthy());
    expect(within(totals).getByText('₹648.00')).toBeTruthy();

    // Custom makes the price editable; editing a listed line with unsaved input asks first.
    fireEvent.change(tier, { target: { value: 'custom' } });
    const price = screen.getByRole<HTMLInputElement>('textbox', { name: 'Price per unit (₹)' });
    expect(price.readOnly).toBe(false);
    fireEvent.change(price, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Robotics kit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Edit' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Edit' })).toBeNull());
    expect(price.value).toBe('50');

    // Removing asks too; confirmed, the totals drop to zero.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Robotics kit' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove Item' });
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(totals).getAllByText('₹0.00')).toHaveLength(3));
  });

  it('proposes the next number of the series, and above ₹50,000 asks for the e-way bill', async () => {
    permissions = SELLER;
    saleAnswer = envelope({ _id: hex(61) }, 201, 'Sale created successfully');
    render(<App path="/admin/products/sales/create" />);
    const number = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Invoice No' });
    await waitFor(() => expect(number.value).toMatch(/^INV\/2026-27\/00\d\d$/));
    expect(screen.getByText('Next in the series INV/{FY}/')).toBeTruthy();
    expect(number.maxLength).toBe(16);
    await pickFrom('Customer', 'DAV', 'DAV Public School');
    await pickFrom('Item', 'kit', 'Robotics kit');
    fireEvent.change(screen.getByRole('combobox', { name: 'Margin Tier' }), { target: { value: 'custom' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Price per unit (₹)' }), {
      target: { value: '30000' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    // ₹30,000 + 18% = ₹35,400: no e-way bill yet.
    await screen.findByRole('table');
    expect(screen.queryByRole('textbox', { name: 'E-way bill No' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Robotics kit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Item' }));
    // ₹70,800: the form asks for it.
    const bill = await screen.findByRole('textbox', { name: 'E-way bill No' });
    fireEvent.change(bill, { target: { value: '3310 1234 5678' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Vehicle No' }), {
      target: { value: 'OD02AB1234' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Sale' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST' && c.url === '/api/crm/products/sales')
      ?.body as Record<string, unknown>;
    expect(body).toMatchObject({ eWayBillNo: '3310 1234 5678', vehicleNo: 'OD02AB1234' });
    expect(String(body.invoiceNo)).toMatch(/^INV\/2026-27\/00\d\d$/);
  });

  it('keeps a tier chosen while the item’s margins were still loading', async () => {
    permissions = SELLER;
    let release = () => {};
    marginsGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      render(<App path="/admin/products/sales/create" />);
      await pickFrom('Item', 'kit', 'Robotics kit');
      const tier = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Margin Tier' });
      fireEvent.change(tier, { target: { value: 'custom' } });
      release();
      await waitFor(() =>
        expect(calls.some((c) => c.url.includes(`/api/crm/products/margins/${MARGIN}`))).toBe(true),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(tier.value).toBe('custom');
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Price per unit (₹)' }).readOnly).toBe(
        false,
      );
    } finally {
      marginsGate = undefined;
    }
  });

  it("shows the server's refusal by the form and stays on it", async () => {
    permissions = SELLER;
    // The form saw 6 in stock; by the time it is saved another sale took 2 (the form's own check, at Add
    // Item, passes; the server's, in the ledger, refuses).
    saleAnswer = envelope(null, 400, notEnoughStockMessage('Robotics kit', 4, 5));
    render(<App path="/admin/products/sales/create" />);
    await pickFrom('Customer', 'DAV', 'DAV Public School');
    fireEvent.change(screen.getByRole('textbox', { name: 'Invoice No' }), { target: { value: 'S-9' } });
    await pickFrom('Item', 'kit', 'Robotics kit');
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Sale' }));
    const alert = await screen.findByText('Not enough stock of Robotics kit: 4 available, 5 needed', {
      selector: '[data-server-error]',
    });
    expect(alert).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({
      customer: hex(700),
      invoiceNo: 'S-9',
      invoiceDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      items: [{ item: hex(1), quantity: 5, marginTier: 't2', gst: 18 }],
    });
    expect(where.pathname).toBe('/admin/products/sales/create');
  });

  it('names the sale that holds the invoice number, with a link to it', async () => {
    permissions = SELLER;
    const message = 'Invoice number S-9 is already used by the sale of 12/03/2026 to DAV Public School.';
    saleAnswer = envelope({ _id: hex(77), invoiceNo: 'S-9', invoiceDate: '2026-03-12' }, 409, message);
    render(<App path="/admin/products/sales/create" />);
    await pickFrom('Customer', 'DAV', 'DAV Public School');
    fireEvent.change(screen.getByRole('textbox', { name: 'Invoice No' }), { target: { value: 'S-9' } });
    await pickFrom('Item', 'kit', 'Robotics kit');
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Sale' }));
    const link = await screen.findByRole('link', { name: 'Open the sale S-9' });
    expect(link.getAttribute('href')).toBe(`/admin/products/sales/${hex(77)}`);
    expect(document.querySelector('[data-server-error]')?.textContent).toContain(message);
    expect(where.pathname).toBe('/admin/products/sales/create');
  });

  it('refuses to save without the required fields, with the spec messages', async () => {
    permissions = SELLER;
    render(<App path="/admin/products/sales/create" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create Sale' }));
    expect(await screen.findByText(SALE_MESSAGES.customerRequired)).toBeTruthy();
    expect(screen.getByText('Invoice number is required')).toBeTruthy();
    expect(screen.getByText('At least one item is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('stock detail', () => {
  it('shows the figures, no adjustments, loads history only when opened, and adjusts by the rules', async () => {
    permissions = SELLER;
    render(<App path={`/admin/products/stocks/${hex(11)}`} />);
    expect(await screen.findByText('6 In Stock')).toBeTruthy();
    expect(screen.getByText('No stock adjustments Happened.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/history'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Stock History' }));
    const table = await screen.findByRole('table', { name: 'Stock History' });
    expect(within(table).getByText('-3')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'S-1' }).getAttribute('href')).toBe(
      `/admin/products/sales/${hex(61)}`,
    );

    // The speed-dial: Create Sale (create on product-sale), Adjust Stock (adjust); no Create Purchase.
    fireEvent.click(screen.getByRole('button', { name: 'Stock actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Create Sale' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Create Purchase' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Adjust Stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust Stock' });
    expect(within(dialog).queryByRole('textbox', { name: 'Initial Price (₹)' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Adjustment Type' }), {
      target: { value: 'Initial Stock' },
    });
    expect(within(dialog).getByRole('textbox', { name: 'Initial Price (₹)' })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Quantity' }), { target: { value: '2.5' } });
    expect(await within(dialog).findByText('Quantity must be an integer')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/adjust'))).toBe(false);
  });
});
