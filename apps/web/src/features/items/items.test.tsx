import { type ItemDto, suggestionDescription } from '@karya/domain';
import { notifications } from '@mantine/notifications';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap, where } from '../../test/harness';
import { routes } from './routes';
import { hex, image, item, pickedFile } from './test-records';

configure({ asyncUtilTimeout: 15000 });

beforeAll(() => {
  // jsdom has no object URLs; the image previews only need a string.
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => undefined;
});

let permissions: Record<string, string[]> = {};
let items: ItemDto[] = [];
let bulkAnswer: () => Response = () => envelope([], 201, '2 items created');

const calls = stubNetwork(
  () => meWith(permissions),
  (method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/crm/products/items') {
      const states = u.searchParams.getAll('filters[state][]');
      const rates = u.searchParams.getAll('filters[gst][]');
      const rows = items.filter(
        (i) =>
          (states.length === 0 || states.includes(i.state)) &&
          (rates.length === 0 || rates.includes(String(i.gst))),
      );
      return envelope({ productItems: rows, productItemsCount: rows.length, page: 1, limit: 20 });
    }
    if (method === 'GET' && u.pathname === '/api/crm/products/brands/suggestion')
      return envelope(
        [{ _id: hex(900), name: 'Robotix' }].filter(
          (b) =>
            u.searchParams.get('selectedId') === b._id ||
            'robotix'.includes(u.searchParams.get('name') ?? ''),
        ),
      );
    if (method === 'POST' && u.pathname === '/api/crm/products/items/bulk') return bulkAnswer();
    if (method === 'POST' && u.pathname === '/api/crm/products/items')
      return envelope(item(77), 201, 'Item created successfully');
    const one = /^\/api\/crm\/products\/items\/([0-9a-f]{24})$/.exec(u.pathname);
    if (one) {
      const found = items.find((i) => i._id === one[1]);
      if (!found) return envelope(null, 404, 'Item not found');
      if (method === 'GET') return envelope(found);
      if (method === 'PATCH') return envelope(found, 200, 'Item updated successfully');
    }
    return undefined;
  },
);

const App = ({ path }: { path: string }) => (
  <Wrap path={path} signedIn routes={routes.map((r) => ({ ...r, path: `/${r.path}` }))} />
);

const ALL = ['read', 'create', 'update', 'delete', 'restore', 'delete-permanently'];
const formField = (body: unknown, name: string) => (body as FormData).getAll(name);

describe('item list', { timeout: 60_000 }, () => {
  it('shows the spec columns in the list layout and the cards in the grid', async () => {
    permissions = { 'product-item': ['read'] };
    items = [
      item(1),
      item(2, { state: 'Unverified', stock: { _id: hex(502), currentStock: 0 }, brand: null }),
    ];
    localStorage.setItem('itemLayout', JSON.stringify('list'));
    render(<App path="/crm/products/items" />);
    const table = await screen.findByRole('table', { name: 'Items' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Image', 'SKU', 'Name', 'Model No', 'Brand', 'GST']);
    expect(within(table).getByRole('row', { name: /Item 1/ }).textContent).toContain('18%');
    const nav = screen.getByRole('navigation', { name: 'Catalogue' });
    expect(within(nav).getByRole('link', { name: 'Items' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    const second = await screen.findByRole('article', { name: 'Item 2' });
    expect(second.textContent).toContain('[SKU 2] Item 2');
    expect(second.textContent).toContain('Unverified');
    expect(second.textContent).toContain('Out of Stock');
    const first = screen.getByRole('article', { name: 'Item 1' });
    expect(first.textContent).toContain('3 In Stock');
    expect(first.textContent).toContain('Robotix');
    expect(first.textContent).not.toContain('Verified');
    // Reading items only: no create menu, no selection.
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
  });

  it('says No Items Available for an empty list', async () => {
    permissions = { 'product-item': ['read'] };
    items = [];
    render(<App path="/crm/products/items" />);
    expect(await screen.findByText('No Items Available')).toBeTruthy();
  });

  it('offers Create Item and Create Bulk Items, each by its permission', async () => {
    permissions = { 'product-item': ['read', 'create', 'bulk-create'] };
    items = [item(1)];
    render(<App path="/crm/products/items" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('menuitem', { name: 'Create Item' })).getAttribute('href')).toBe(
      '/crm/products/items/create',
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Create Bulk Items' }));
    expect(await screen.findByRole('dialog', { name: 'Create Bulk Items' })).toBeTruthy();
    expect(where.hash).toBe('#bulk-create');
  });
});

describe('item filters', { timeout: 60_000 }, () => {
  it('offers each picker with suggestion on its resource, State with verification, and names a picked brand', async () => {
    permissions = { 'product-item': ['read', 'verification'], 'product-brand': ['suggestion'] };
    items = [item(1)];
    render(<App path={`/crm/products/items?filters[brand][]=${hex(900)}#filter`} />);
    const drawer = await screen.findByRole('dialog', { name: 'Filter Items' });
    await within(drawer).findByRole('textbox', { name: 'Name' });
    const labels = ['Name', 'SKU', 'Model No', 'Brand', 'Categories', 'Classes', 'Margin', 'GST %', 'State'];
    const shown = labels.filter((l) => within(drawer).queryAllByLabelText(l).length > 0);
    expect(shown).toEqual(['Name', 'SKU', 'Model No', 'Brand', 'GST %', 'State']);
    // The picked brand from the address is named by the suggestion call (selectedId).
    await waitFor(() =>
      expect(within(drawer).getByText('Robotix', { selector: '.mantine-Pill-label' })).toBeTruthy(),
    );
    const sku = within(drawer).getByRole<HTMLInputElement>('textbox', { name: 'SKU' });
    fireEvent.change(sku, { target: { value: '12a4' } });
    expect(sku.value).toBe('124');
    expect(within(drawer).queryByLabelText('Deleted')).toBeNull();
  });
});

describe('bulk create', { timeout: 60_000 }, () => {
  const openDialog = async () => {
    permissions = { 'product-item': ['read', 'bulk-create'] };
    items = [item(1)];
    render(<App path="/crm/products/items#bulk-create" />);
    return screen.findByRole('dialog', { name: 'Create Bulk Items' });
  };
  const typeName = (dialog: HTMLElement, text: string, enter = true) => {
    const input = within(dialog).getByRole('textbox', { name: 'Item name' });
    fireEvent.change(input, { target: { value: text } });
    if (enter) fireEvent.keyDown(input, { key: 'Enter' });
    else fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    return input as HTMLInputElement;
  };
  const queued = (dialog: HTMLElement) =>
    within(dialog)
      .queryAllByRole('listitem')
      .map((li) => li.textContent);

  it('queues trimmed names, ignores blanks and refuses one already queued', async () => {
    const dialog = await openDialog();
    typeName(dialog, '  Servo motor ');
    expect(queued(dialog)).toEqual(['Servo motor']);
    const input = typeName(dialog, 'SERVO motor', false);
    expect(within(dialog).getByText('Item name already exists in below list')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(queued(dialog)).toEqual(['Servo motor']);
    typeName(dialog, '    ');
    expect(queued(dialog)).toEqual(['Servo motor']);
    expect(within(dialog).queryByText('Item name already exists in below list')).toBeNull();
    typeName(dialog, 'Ultrasonic sensor');
    expect(queued(dialog)).toEqual(['Servo motor', 'Ultrasonic sensor']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Servo motor' }));
    expect(queued(dialog)).toEqual(['Ultrasonic sensor']);
  });

  it('says No items to add for an empty queue, and asks before discarding queued names', async () => {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Items' }));
    expect(await within(dialog).findByText('No items to add')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/items/bulk'))).toBe(false);

    typeName(dialog, 'Servo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard Items' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard Items' })).toBeNull());
    expect(queued(dialog)).toEqual(['Servo']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard Items' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(where.hash).toBe(''));
  });

  it('sends the queue with a progress toast, closes and refreshes the items', async () => {
    const show = vi.spyOn(notifications, 'show');
    bulkAnswer = () => envelope([item(3), item(4)], 201, '2 items created');
    const dialog = await openDialog();
    typeName(dialog, 'Servo');
    // A name typed but not added yet goes too.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Item name' }), {
      target: { value: 'Sensor' },
    });
    const listCallsBefore = calls.filter((c) => c.method === 'GET' && c.url.includes('/items?')).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Items' }));
    await waitFor(() => expect(where.hash).toBe(''));
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/crm/products/items/bulk');
    expect(sent?.body).toEqual([{ name: 'Servo' }, { name: 'Sensor' }]);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Adding Items. please wait...' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.url.includes('/items?')).length).toBeGreaterThan(
        listCallsBefore,
      ),
    );
    show.mockRestore();
  });

  it("shows the server's message in the dialog", async () => {
    bulkAnswer = () => envelope(null, 400, 'Item name already exists: Servo');
    const dialog = await openDialog();
    typeName(dialog, 'Servo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Items' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Item name already exists: Servo',
    );
    expect(queued(dialog)).toEqual(['Servo']);
  });
});

describe('item detail', { timeout: 60_000 }, () => {
  it('shows only the prices the server sent, N/A for null', async () => {
    permissions = { 'product-item': ALL };
    items = [
      item(5, {
        prices: { original: 1250.5, t1: null, pt2: 1500 },
        stock: { _id: hex(505), currentStock: 2, priceToShow: 1250.5 },
      }),
    ];
    render(<App path={`/crm/products/items/${hex(5)}`} />);
    const prices = await screen.findByRole('region', { name: 'Prices' });
    const labels = within(prices)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(labels).toEqual(['Actual Price', 'T1 Price', 'PT2 Price']);
    expect(prices.textContent).toContain('₹1,250.50');
    expect(prices.textContent).toContain('N/A');
    expect(prices.textContent).toContain('₹1,500.00');
    const stock = screen.getByRole('region', { name: 'Stock Details' });
    expect(stock.textContent).toContain('2 In Stock');
    expect(stock.textContent).toContain('Price to Show');
    // No update on product-stock: no price edit.
    expect(within(stock).queryByRole('button', { name: 'Edit Price' })).toBeNull();
    expect(screen.getByText('No Specification file attached')).toBeTruthy();
    expect(screen.getByText('No Image files attached')).toBeTruthy();
    expect(document.title).toContain('Item 5');
    expect(screen.getByRole('link', { name: 'Update' }).getAttribute('href')).toBe(
      `/crm/products/items/${hex(5)}/update`,
    );
  });

  it('has no Prices section and no price to show when the server sends none', async () => {
    permissions = { 'product-item': ['read'], 'product-stock': ['update'] };
    items = [item(6, { specifications: { _id: hex(801), url: '/api/files/x', name: 'spec.pdf' } })];
    render(<App path={`/crm/products/items/${hex(6)}`} />);
    const stock = await screen.findByRole('region', { name: 'Stock Details' });
    expect(screen.queryByRole('region', { name: 'Prices' })).toBeNull();
    expect(stock.textContent).not.toContain('Price to Show');
    expect(within(stock).getByRole('button', { name: 'Edit Price' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Specifications' }).getAttribute('href')).toBe(
      `/crm/products/items/${hex(6)}/specifications`,
    );
  });

  it("says 'Item not found' for an unknown item", async () => {
    permissions = { 'product-item': ['read'] };
    items = [];
    render(<App path={`/crm/products/items/${hex(404)}`} />);
    expect(await screen.findByText('Item not found')).toBeTruthy();
  });
});

describe('verification and suggestion pages', { timeout: 60_000 }, () => {
  it('lists the items whose GST rate is no longer in force; a card opens the update form, which asks for a current rate', async () => {
    permissions = { 'product-item': ['read', 'update'] };
    items = [item(9, { gst: 28 }), item(10, { gst: 12 }), item(11)];
    render(<App path="/admin/verifications/gst-rates" />);
    const card = await screen.findByRole('article', { name: 'Item 9' });
    expect(screen.getByRole('article', { name: 'Item 10' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Item 11' })).toBeNull();
    expect(screen.getByText(/Since 22\/09\/2025 the GST slabs are 40, 18, 5, 0 per cent/)).toBeTruthy();
    const listCall = calls.find((c) => c.url.includes('filters%5Bgst%5D') || c.url.includes('filters[gst]'));
    expect(new URLSearchParams(listCall?.url.split('?')[1]).getAll('filters[gst][]')).toEqual(['28', '12']);
    // Without verification on items only this tab shows.
    const nav = screen.getByRole('navigation', { name: 'Verifications' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['GST rates']);

    fireEvent.click(card);
    await waitFor(() => expect(where.pathname).toBe(`/crm/products/items/${hex(9)}/update`));
    expect(new URLSearchParams(where.search).get('from')).toBe('gst-rate');
    expect(new URLSearchParams(where.search).get('state')).toBeNull();
    const gst = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'GST %' });
    expect(gst.value).toBe('28');
    expect([...gst.options].map((o) => o.textContent)).toEqual([
      'Select GST %',
      '28% (no longer in force)',
      '40%',
      '18%',
      '5%',
      '0%',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    expect(await screen.findByText('GST must be one of (40, 18, 5, 0)')).toBeTruthy();
    // 0% asks which kind it is.
    fireEvent.change(gst, { target: { value: '0' } });
    const kind = await screen.findByRole<HTMLSelectElement>('combobox', { name: /0% is/ });
    fireEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    expect(await screen.findByText('A 0% item must say whether it is Nil rated or Exempt')).toBeTruthy();
    fireEvent.change(kind, { target: { value: 'Exempt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(where.pathname).toBe('/admin/verifications/gst-rates'));
    const sent = calls.find((c) => c.method === 'PATCH')?.body;
    expect(formField(sent, 'gst')).toEqual(['0']);
    expect(formField(sent, 'gstZeroKind')).toEqual(['Exempt']);
  });

  it('lists unverified items; a card opens the update form with state Verified, and saving sends it', async () => {
    permissions = { 'product-item': ['read', 'update', 'verification'] };
    items = [item(7, { state: 'Unverified' }), item(8)];
    render(<App path="/admin/verifications/items" />);
    const card = await screen.findByRole('article', { name: 'Item 7' });
    expect(screen.queryByRole('article', { name: 'Item 8' })).toBeNull();
    const listCall = calls.find((c) => c.url.startsWith('/api/crm/products/items?'));
    expect(new URLSearchParams(listCall?.url.split('?')[1]).getAll('filters[state][]')).toEqual([
      'Unverified',
    ]);
    // The Items tab shows, the Quotations tab does not (no verification on quotation); GST rates with update
    // on items (issue 27).
    const nav = screen.getByRole('navigation', { name: 'Verifications' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Items', 'GST rates']);

    fireEvent.click(card);
    await waitFor(() => expect(where.pathname).toBe(`/crm/products/items/${hex(7)}/update`));
    expect(new URLSearchParams(where.search).get('state')).toBe('Verified');
    const state = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'State' });
    expect(state.value).toBe('Verified');

    fireEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(where.pathname).toBe('/admin/verifications/items'));
    const body = calls.find((c) => c.method === 'PATCH')?.body as FormData;
    expect(formField(body, 'state')).toEqual(['Verified']);
    // Nothing else changed, so nothing else is sent.
    expect([...body.keys()]).toEqual(['state']);
  });

  it('says so when nothing waits for verification', async () => {
    permissions = { 'product-item': ['read', 'verification'], quotation: ['verification'] };
    items = [item(8)];
    render(<App path="/admin/verifications/items" />);
    expect(await screen.findByText('No items available for verification')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Verifications' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Items', 'Quotations']);
  });

  it('opens a suggested item with state Verified and the description built from the suggestion', async () => {
    permissions = { 'product-item': ['read', 'update', 'verification'] };
    const suggested = item(9, {
      state: 'Suggested',
      preferredBrand: 'Lego',
      targetPrice: 1500,
      description: 'A kit with 12 motors',
    });
    items = [suggested];
    render(<App path="/admin/suggestions/items" />);
    const card = await screen.findByRole('article', { name: 'Item 9' });
    fireEvent.click(within(card).getByRole('link', { name: 'Update Item 9' }));
    const description = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
    expect(description.value).toBe(suggestionDescription(suggested));
    expect(description.value).toContain('Preferred brand: Lego');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' }).value).toBe('Verified');
  });

  it('shows the empty text of the suggestions', async () => {
    permissions = { 'product-item': ['read', 'verification'] };
    items = [];
    render(<App path="/admin/suggestions/items" />);
    expect(await screen.findByText('No suggested items available for verification')).toBeTruthy();
  });
});

describe('item form', { timeout: 60_000 }, () => {
  const imageInput = () => screen.getByLabelText<HTMLInputElement>('Image files');
  const pick = (input: HTMLInputElement, files: File[]) => fireEvent.change(input, { target: { files } });

  it('counts the stored images kept, checks type and size, and removes stored ones only with delete-file', async () => {
    permissions = { 'product-item': ['read', 'update', 'delete-file'] };
    items = [item(10, { images: [image(1), image(2), image(3)] })];
    render(<App path={`/crm/products/items/${hex(10)}/update`} />);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByText(/3 of 5/)).toBeTruthy();

    pick(imageInput(), [
      pickedFile('a.png', 'image/png'),
      pickedFile('b.webp', 'image/webp'),
      pickedFile('c.jpg', 'image/jpeg'),
    ]);
    expect(await screen.findByText('Maximum 5 images allowed')).toBeTruthy();
    expect(screen.getByText(/5 of 5/)).toBeTruthy();

    // Removing a stored image makes room.
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByText(/4 of 5/)).toBeTruthy();
    pick(imageInput(), [pickedFile('d.gif', 'image/gif')]);
    expect(await screen.findByText('Only PNG, JPEG, JPG or WEBP images are allowed')).toBeTruthy();
    pick(imageInput(), [pickedFile('e.png', 'image/png', 5 * 1024 * 1024 + 1)]);
    expect(await screen.findByText('Max size 5MB allowed')).toBeTruthy();
    expect(screen.getByText(/4 of 5/)).toBeTruthy();

    const section = within(screen.getByRole('region', { name: 'Specification' }));
    const spec = section.getByLabelText<HTMLInputElement>('Specification file');
    pick(spec, [pickedFile('a.pdf', 'application/pdf'), pickedFile('b.pdf', 'application/pdf')]);
    expect((await section.findByRole('alert')).textContent).toBe('Only one file allowed');
    pick(spec, [
      pickedFile('a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ]);
    expect((await section.findByRole('alert')).textContent).toBe('Only PDF files are allowed');
    pick(spec, [pickedFile('big.pdf', 'application/pdf', 5 * 1024 * 1024 + 1)]);
    expect((await section.findByRole('alert')).textContent).toBe('Max size 5MB allowed');
    pick(spec, [pickedFile('spec.pdf', 'application/pdf')]);
    expect(await section.findByText(/spec\.pdf/)).toBeTruthy();
    expect(section.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')?.body;
    expect(formField(body, 'images').map((f) => (f as File).name)).toEqual(['a.png', 'b.webp']);
    expect(formField(body, 'deletedImages')).toEqual([JSON.stringify([image(1)._id])]);
    expect((formField(body, 'specifications')[0] as File).name).toBe('spec.pdf');
  });

  it('offers no removal of stored files without delete-file', async () => {
    permissions = { 'product-item': ['read', 'update'] };
    items = [
      item(11, {
        images: [image(1)],
        specifications: { _id: hex(802), url: '/api/files/s', name: 'manual.pdf' },
      }),
    ];
    render(<App path={`/crm/products/items/${hex(11)}/update`} />);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('button', { name: 'Remove image 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove specification' })).toBeNull();
    // A new specification may still replace the stored one.
    expect(screen.getByRole('button', { name: 'Replace specification' })).toBeTruthy();
    // No verification: no State field.
    expect(screen.queryByRole('combobox', { name: 'State' })).toBeNull();
  });

  it('asks for a name, focusing it; a created item is sent as multipart with its images', async () => {
    permissions = { 'product-item': ['read', 'create'] };
    items = [item(77)];
    render(<App path="/crm/products/items/create" />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));

    fireEvent.change(name, { target: { value: '  Line follower kit ' } });
    pick(imageInput(), [pickedFile('front.png', 'image/png'), pickedFile('back.jpg', 'image/jpeg')]);
    fireEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    await waitFor(() => expect(where.pathname).toBe(`/crm/products/items/${hex(77)}`));
    const body = calls.find((c) => c.method === 'POST' && c.url === '/api/crm/products/items')?.body;
    expect(formField(body, 'name')).toEqual(['Line follower kit']);
    expect(formField(body, 'images')).toHaveLength(2);
    // Nothing empty is sent, and no state (the server makes it Unverified); a new item starts at 18% GST.
    expect(formField(body, 'state')).toEqual([]);
    expect(formField(body, 'gst')).toEqual(['18']);
  });
});

describe('specification viewer', { timeout: 60_000 }, () => {
  it("says 'No specification found' for an item without one, and 'Item not found' for an unknown item", async () => {
    permissions = { 'product-item': ['read'] };
    items = [item(12)];
    const first = render(<App path={`/crm/products/items/${hex(12)}/specifications`} />);
    expect(await screen.findByText('No specification found')).toBeTruthy();
    first.unmount();
    render(<App path={`/crm/products/items/${hex(13)}/specifications`} />);
    expect(await screen.findByText('Item not found')).toBeTruthy();
  });
});
