import {
  type CatalogueRecordDto,
  GSTIN_CHECK_MESSAGE,
  gstinCheckCharacter,
  type MarginDto,
  type VendorDto,
} from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, recordStamps, stubNetwork, Wrap, where } from '../../test/harness';
import { routes as marginRoutes } from '../margins/routes';
import { routes as vendorRoutes } from '../vendors/routes';
import { routes } from './routes';

configure({ asyncUtilTimeout: 15000 });

const id = (n: number) => n.toString(16).padStart(24, '0');
const category = (n: number, over: Partial<CatalogueRecordDto> = {}): CatalogueRecordDto => ({
  _id: id(n),
  name: `Category ${n}`,
  description: null,
  image: null,
  createdBy: null,
  ...recordStamps,
  ...over,
});

let permissions: Record<string, string[]> = {};
const ALL = ['create', 'read', 'update', 'delete', 'restore', 'delete-permanently', 'suggestion'];

const calls = stubNetwork(
  () => meWith(permissions),
  (method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/crm/products/categories') {
      const page = Number(u.searchParams.get('page') ?? 1);
      const limit = Number(u.searchParams.get('limit') ?? 20);
      const all = Array.from({ length: 25 }, (_, i) => category(i + 1));
      return envelope({
        productCategories: all.slice((page - 1) * limit, page * limit),
        productCategoriesCount: all.length,
        page,
        limit,
      });
    }
    if (method === 'GET' && u.pathname === `/api/crm/products/categories/${id(3)}`)
      return envelope(category(3));
    if (method === 'GET' && u.pathname === `/api/crm/products/categories/${id(4)}`)
      return envelope(
        category(4, {
          isDeleted: true,
          deletedAt: '2026-03-03T04:30:00.000Z',
          deletedBy: { _id: id(500), name: 'Ravi Kumar' },
        }),
      );
    if (method === 'GET' && u.pathname === '/api/crm/products/brands')
      return envelope({ productBrands: [], productBrandsCount: 0, page: 1, limit: 20 });
    if (method === 'POST' && u.pathname === '/api/crm/products/brands')
      return envelope(category(99, { name: 'New Brand' }), 201, 'Brand created successfully');
    if (method === 'GET' && u.pathname === '/api/crm/products/margins')
      return envelope({ productMargins: [] as MarginDto[], productMarginsCount: 0, page: 1, limit: 20 });
    if (method === 'GET' && u.pathname === '/api/crm/products/vendors')
      return envelope({ productVendors: [] as VendorDto[], productVendorsCount: 0, page: 1, limit: 20 });
    return undefined;
  },
);

const App = ({ path }: { path: string }) => (
  <Wrap
    path={path}
    signedIn
    routes={[...routes, ...marginRoutes, ...vendorRoutes].map((r) => ({ ...r, path: `/${r.path}` }))}
  />
);

describe('catalogue screens', { timeout: 60_000 }, () => {
  it('shows only the tabs the user may read', async () => {
    permissions = { 'product-brand': ['read'], 'product-class': ['read'] };
    render(<App path="/crm/products/brands" />);
    const nav = await screen.findByRole('navigation', { name: 'Catalogue' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Brands', 'Classes']);
    expect(within(nav).getByRole('link', { name: 'Brands' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('No Brands Available')).toBeTruthy();
    // No create permission, no add button.
    expect(screen.queryByRole('button', { name: 'Create Brand' })).toBeNull();
  });

  it('category list: Load more keeps page 1 on screen and appends page 2', async () => {
    permissions = { 'product-category': ALL };
    render(<App path="/crm/products/categories" />);
    await screen.findAllByText('Category 1');
    expect(screen.queryByText('Category 21')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findAllByText('Category 21');
    expect(screen.getAllByText('Category 1').length).toBeGreaterThan(0);
    expect(new URLSearchParams(where.search).get('page')).toBe('2');
    // Every page is on screen; nothing is left to load.
    expect(screen.getAllByText('Category 25').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('opens a category in its update dialog under #update-<id>', async () => {
    permissions = { 'product-category': ALL };
    render(<App path={`/crm/products/categories#update-${id(3)}`} />);
    const dialog = await screen.findByRole('dialog', { name: 'Update Category' });
    await waitFor(() =>
      expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
        'Category 3',
      ),
    );
    expect(within(dialog).getByRole('button', { name: 'Delete Category' })).toBeTruthy();
  });

  it('a deleted category opens with who deleted it (a link), Restore, Delete Permanently and History', async () => {
    permissions = { 'product-category': ALL, user: ['read'] };
    render(<App path={`/crm/products/categories#update-${id(4)}`} />);
    const dialog = await screen.findByRole('dialog', { name: 'Category' });
    expect(await within(dialog).findByText(/This category was deleted on/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Ravi Kumar' }).getAttribute('href')).toBe(
      `/admin/users/${id(500)}`,
    );
    expect(within(dialog).getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete Permanently' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'History' })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('brand dialog: the spec message for a missing name, then a multipart create', async () => {
    permissions = { 'product-brand': ALL };
    render(<App path="/crm/products/brands#create-brand" />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Brand' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Brand name is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Arduino' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('Arduino');
  });

  it('brand dialog: the text rule (issue 22): invisible is empty, a direction override is refused', async () => {
    permissions = { 'product-brand': ALL };
    calls.length = 0;
    render(<App path="/crm/products/brands#create-brand" />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Brand' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: '\u200B\u200B' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Brand name is required')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Arduino \u202Efdp.exe' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText(
        'Brand name must not contain characters that change the text direction.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('margin dialog: per-tier messages, P3 for pt3', async () => {
    permissions = { 'product-margin': ALL };
    render(<App path="/admin/products/margins#create-margin" />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Margin' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Schools' } });
    const tier = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });
    for (const t of ['T1 (%)', 'T2 (%)', 'T3 (%)', 'PT1 (%)', 'PT2 (%)']) tier(t, '10');
    tier('PT3 (%)', '101');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('P3 cannot be more than 100.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('vendor dialog: the GSTIN upper-cased as typed, refused with a wrong check character, then sent', async () => {
    permissions = { 'product-vendor': ALL };
    calls.length = 0;
    render(<App path="/admin/products/vendors#create-vendor" />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Vendor' });
    const valid = `29AAKFB7731Q1Z${gstinCheckCharacter('29AAKFB7731Q1Z')}`;
    const wrong = `${valid.slice(0, 14)}${valid[14] === 'A' ? 'B' : 'A'}`;
    const type = (name: string | RegExp, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    type(/Vendor Name/, 'Bengaluru Robotics');
    type(/^GSTIN/, wrong.toLowerCase());
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^GSTIN/ }).value).toBe(wrong);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(GSTIN_CHECK_MESSAGE)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    type(/^GSTIN/, valid.toLowerCase());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect((calls.find((c) => c.method === 'POST')!.body as FormData).get('gstin')).toBe(valid);
  });

  it('vendor list: the update route opens its edit dialog (under #update-<id>)', async () => {
    permissions = { 'product-vendor': ALL };
    render(
      <Wrap
        path="/start"
        signedIn
        routes={[
          ...vendorRoutes.map((r) => ({ ...r, path: `/${r.path}` })),
          { path: '/start', element: <StartEdit /> },
        ]}
      />,
    );
    expect(await screen.findByRole('dialog', { name: 'Update Vendor' })).toBeTruthy();
  });
});

const StartEdit = () => {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/admin/products/vendors/${id(7)}/update`);
  }, [navigate]);
  return null;
};
