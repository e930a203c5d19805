import type { PurchaseDto, StockDto } from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, recordStamps, stubNetwork, Wrap } from '../../test/harness';
import { routes as stockRoutes } from '../stocks/routes';
import { routes } from './routes';

configure({ asyncUtilTimeout: 15000 });

const hex = (n: number) => n.toString(16).padStart(24, '0');
const purchase = (n: number, patch: Partial<PurchaseDto> = {}): PurchaseDto => ({
  ...recordStamps,
  createdBy: null,
  updatedBy: null,
  _id: hex(n),
  vendor: { _id: hex(500), name: 'Tech Supplies' },
  invoiceNo: `P-${n}`,
  invoiceDate: '2026-11-05',
  notes: null,
  items: [],
  taxableAmount: 1000,
  totalGSTAmount: 180,
  totalAmount: 1180.5,
  gstSplit: { cgst: 90, sgst: 90, igst: 0 },
  supplyState: null,
  interState: false,
  ...patch,
});
const stock = (n: number, currentStock: number): StockDto => ({
  ...recordStamps,
  _id: hex(n),
  item: { _id: hex(n + 1000), name: `Item ${n}`, sku: n, isDeleted: false },
  totalPurchased: 10,
  totalSold: 10 - currentStock,
  currentStock,
  lastPurchasedStock: 10,
  lastSoldStock: 0,
  lastPurchasePrice: 100,
  averagePurchasePrice: 100,
  totalPurchasePrice: 1000,
  lastGST: 18,
  priceToShow: 120,
});

let permissions: Record<string, string[]> = {};
let rows: PurchaseDto[] = [];
const calls = stubNetwork(
  () => meWith(permissions),
  (method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/crm/products/purchases')
      return envelope({ productPurchases: rows, productPurchasesCount: rows.length, page: 1, limit: 20 });
    if (method === 'DELETE') return envelope(null, 200, 'Purchase deleted successfully');
    if (method === 'GET' && u.pathname === '/api/crm/products/stocks') {
      const list = [stock(1, 4), stock(2, 0)];
      return envelope({ productStocks: list, productStocksCount: 2, totalPages: 1, page: 1, limit: 20 });
    }
    if (method === 'GET' && u.pathname === '/api/crm/products/stocks/suggestion')
      return envelope([{ _id: hex(1), name: 'Item 1', sku: 1, currentStock: 4 }]);
    return undefined;
  },
);

const App = ({ path }: { path: string }) => (
  <Wrap
    path={path}
    signedIn
    routes={[...routes, ...stockRoutes].map((r) => ({ ...r, path: `/${r.path}` }))}
  />
);

describe('purchase list', () => {
  it('cards show vendor, invoice, date and rupees; the menu follows the state and the permissions', async () => {
    permissions = { 'product-purchase': ['read', 'update', 'delete', 'restore'] };
    rows = [purchase(1), purchase(2, { isDeleted: true })];
    render(<App path="/admin/products/purchases" />);
    const cards = await screen.findAllByRole('article', { name: 'Tech Supplies' });
    expect(within(cards[0]!).getByText('Invoice No: P-1')).toBeTruthy();
    expect(within(cards[0]!).getByText('Date: 05/11/2026')).toBeTruthy();
    expect(within(cards[0]!).getByText('₹1,180.50')).toBeTruthy();

    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Actions for P-1' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Update', 'Delete']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Purchase' });
    expect(within(dialog).getByText('Are you sure you want to delete this purchase?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith(`/purchases/${hex(1)}`))).toBe(true),
    );

    // A deleted purchase offers Restore; Delete Permanently needs delete-permanently, which is not held.
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Actions for P-2' }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Restore']),
    );
    // No create without create on product-purchase.
    expect(screen.queryByRole('link', { name: 'Create Purchase' })).toBeNull();
  });
});

describe('stock list', () => {
  it("labels each card 'N In Stock' or 'Out of Stock' and searches stocks with Ctrl+K", async () => {
    permissions = { 'product-stock': ['read'] };
    render(<App path="/admin/products/stocks" />);
    const first = await screen.findByRole('article', { name: 'Item 1' });
    expect(within(first).getByText('4 In Stock')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Item 2' })).getByText('Out of Stock')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    const palette = await screen.findByRole('dialog');
    const box = within(palette).getByPlaceholderText('Search Stock...');
    fireEvent.change(box, { target: { value: 'Item' } });
    expect(await within(palette).findByRole('option', { name: /Item 1/ })).toBeTruthy();
  });
});
