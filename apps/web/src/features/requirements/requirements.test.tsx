import { daysFromToday, type RequirementDto } from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap, where } from '../../test/harness';
import { routes as comingSoonRoutes } from '../redirects/routes';
import { routes } from './routes';
import { hex, itemRef, requirement } from './test-records';

configure({ asyncUtilTimeout: 15000 });

let permissions: Record<string, string[]> = {};
let requirements: RequirementDto[] = [];
const ITEMS = [
  {
    _id: hex(1001),
    name: 'Interactive panel 75',
    sku: 1,
    gst: 18,
    state: 'Verified',
    stock: null,
    margin: null,
  },
  { _id: hex(1002), name: 'Robotics kit', sku: 2, gst: null, state: 'Verified', stock: null, margin: null },
];
const CUSTOMERS = [{ _id: hex(700), customerId: 7, name: 'DAV Public School', type: 'Organization' }];

const calls = stubNetwork(
  () => meWith(permissions),
  (method, url, body) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/crm/requirements')
      return envelope({ requirements, requirementsCount: requirements.length, page: 1, limit: 20 });
    if (method === 'GET' && u.pathname === '/api/crm/products/items/suggestion') {
      const name = (u.searchParams.get('name') ?? '').toLowerCase();
      const selected = (u.searchParams.get('selectedIds') ?? '').split(',');
      return envelope(
        ITEMS.filter((i) => selected.includes(i._id) || (name && i.name.toLowerCase().includes(name))),
      );
    }
    if (method === 'GET' && u.pathname === '/api/crm/customers/suggestion') return envelope(CUSTOMERS);
    if (method === 'POST' && u.pathname === '/api/crm/products/items') {
      const name = body instanceof FormData ? String(body.get('name')) : 'x';
      return envelope({ _id: hex(1003), name, state: 'Suggested' }, 201, 'Item created successfully');
    }
    if (method === 'POST' && u.pathname === '/api/crm/requirements')
      return envelope(requirement(77), 201, 'Requirement created successfully');
    if (method === 'GET' && /\/follow-ups$/.test(u.pathname))
      return envelope({ followUps: [], followUpsCount: 0, page: 1, limit: 50 });
    const one = /^\/api\/crm\/requirements\/([0-9a-f]{24})$/.exec(u.pathname);
    if (one) {
      const found = requirements.find((r) => r._id === one[1]);
      if (!found) return envelope(null, 404, 'Requirement not found');
      if (method === 'GET') return envelope(found);
      if (method === 'PATCH') return envelope(found, 200, 'Requirement updated successfully');
    }
    return undefined;
  },
);

/** Stands in for the quotation form: shows the state Convert to Quotation carried. */
const Carried = () => <pre data-testid="carried">{JSON.stringify(useLocation().state)}</pre>;

const App = ({ path, state }: { path: string; state?: unknown }) => (
  <Wrap
    path={path}
    state={state}
    signedIn
    routes={[...routes, ...comingSoonRoutes, { path: 'crm/quotations/create', element: <Carried /> }].map(
      (r) => ({ ...r, path: `/${r.path}` }),
    )}
  />
);

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const pickItem = async (search: string, option: string) => {
  const picker = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Item' });
  fireEvent.click(picker);
  fireEvent.change(picker, { target: { value: search } });
  fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 5000 }));
};

describe('requirement list', { timeout: 60_000 }, () => {
  it('shows the spec default columns with RI numbers, Rs. budgets, and the create link', async () => {
    // Creating a requirement also needs its form's customer and item search (issue 23).
    permissions = {
      requirement: ['read', 'create'],
      customer: ['suggestion'],
      'product-item': ['suggestion'],
    };
    requirements = [requirement(1), requirement(2, { status: 'In Progress', budget: 1200.5 })];
    localStorage.setItem('requirementLayout', JSON.stringify('list'));
    render(<App path="/crm/requirements" />);
    const table = await screen.findByRole('table', { name: 'Requirements' });
    expect(headers(table)).toEqual([
      'R ID',
      'Title',
      'Customer',
      'Priority',
      'Budget',
      'Created By',
      'Created Date',
      'Purchase Date',
      'Type',
      'Status',
    ]);
    const second = within(table).getByRole('row', { name: /Smart class kits 2/ });
    expect(second.textContent).toContain('RI0002');
    expect(second.textContent).toContain('Rs. 1,200.5');
    expect(second.textContent).toContain('15/01/2030');
    expect(screen.getByRole('link', { name: 'Create Requirement' }).getAttribute('href')).toBe(
      '/crm/requirements/create',
    );
    for (const chip of ['Today', 'Yesterday', 'This Week', 'This Month'])
      expect(screen.getByRole('checkbox', { name: chip })).toBeTruthy();
  });

  it('offers no Create it cannot finish: a greyed button says what is missing (issue 23)', async () => {
    permissions = { requirement: ['read', 'create'], customer: ['suggestion'] };
    requirements = [requirement(1)];
    render(<App path="/crm/requirements" />);
    const blocked = await screen.findByRole('button', { name: 'Create Requirement' });
    expect(blocked.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Create Requirement' })).toBeNull();
    fireEvent.click(blocked);
    expect(
      (await screen.findByText(/Creating requirements also needs Search suggestions on Items/)).textContent,
    ).toContain('to choose the customer and the items');
  });

  it('hides Create without create on requirement and says No requirement found', async () => {
    permissions = { requirement: ['read'] };
    requirements = [];
    render(<App path="/crm/requirements" />);
    expect(await screen.findByText('No requirement found')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create Requirement' })).toBeNull();
  });
});

describe('requirement form', { timeout: 60_000 }, () => {
  const fullPermissions = {
    requirement: ['read', 'create', 'update'],
    customer: ['suggestion'],
    'product-item': ['suggestion', 'create'],
  };

  it('starts 15 days ahead, offers the quick choices, and shows the spec messages', async () => {
    permissions = fullPermissions;
    render(<App path="/crm/requirements/create" state={{ customerId: hex(700) }} />);
    const date = await screen.findByLabelText(/Purchase Date/);
    expect((date as HTMLInputElement).value).toBe(daysFromToday(15));
    fireEvent.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() => expect((date as HTMLInputElement).value).toBe(daysFromToday(30)));
    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect((date as HTMLInputElement).value).toBe(daysFromToday(7)));
    // The carried customer is picked (its name asked through the suggestion).
    await waitFor(() => expect(textbox('Customer').value).toBe('DAV Public School'));

    fireEvent.change(textbox('Title'), { target: { value: 'Short' } });
    fireEvent.change(date, { target: { value: daysFromToday(-1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Requirement' }));
    expect(await screen.findByText('Title must be at least 10 characters long')).toBeTruthy();
    expect(screen.getByText('At least one item is required')).toBeTruthy();
    expect(screen.getByText('Budget must be greater than 0')).toBeTruthy();
    expect(screen.getByText('Purchase date must be today or in the future')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses an item already listed, asks before editing over unsaved input and before removing', async () => {
    permissions = fullPermissions;
    render(<App path="/crm/requirements/create" />);
    await pickItem('panel', 'Interactive panel 75');
    fireEvent.change(textbox('Quantity'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    const listed = await screen.findByRole('list', { name: 'Listed items' });
    expect(within(listed).getAllByRole('listitem')).toHaveLength(1);
    expect(listed.textContent).toContain('Quantity 4');

    await pickItem('panel', 'Interactive panel 75');
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('This item is already listed below')).toBeTruthy();

    fireEvent.change(textbox('Quantity'), { target: { value: '1.5' } });
    await pickItem('robot', 'Robotics kit');
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Quantity must be an integer')).toBeTruthy();

    // Unsaved input in the editor: Edit asks first; Cancel keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Interactive panel 75' }));
    const discard = await screen.findByRole('dialog', { name: 'Discard Item' });
    fireEvent.click(within(discard).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard Item' })).toBeNull());
    expect(textbox('Item').value).toBe('Robotics kit');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Interactive panel 75' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Item' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Listed items' })).toBeNull());
  });

  it('quick-creates a Suggested item and sends the requirement with it', async () => {
    permissions = fullPermissions;
    render(<App path="/crm/requirements/create" state={{ customerId: hex(700) }} />);
    await waitFor(() => expect(textbox('Customer').value).toBe('DAV Public School'));
    fireEvent.change(textbox('Title'), { target: { value: 'Drone lab for the ATL room' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suggest New Item' }));
    fireEvent.change(textbox('New item name'), { target: { value: 'Drone kit for ATL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Suggested Item' }));
    await waitFor(() => expect(textbox('Item').value).toBe('Drone kit for ATL'));
    const created = calls.find((c) => c.method === 'POST' && c.url === '/api/crm/products/items');
    expect((created!.body as FormData).get('state')).toBe('Suggested');
    fireEvent.change(textbox('Quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect((await screen.findByRole('list', { name: 'Listed items' })).textContent).toContain('Suggested');
    fireEvent.change(textbox('Budget'), { target: { value: '120000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Requirement' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/crm/requirements')).toBe(true),
    );
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/crm/requirements')?.body;
    expect(sent).toMatchObject({
      title: 'Drone lab for the ATL room',
      customer: hex(700),
      type: 'Product',
      priority: 'Medium',
      items: [{ item: hex(1003), quantity: 2 }],
      budget: 120000,
      purchaseDate: daysFromToday(15),
    });
    expect(sent).not.toHaveProperty('status');
    await waitFor(() => expect(where.pathname).toBe(`/crm/requirements/${hex(77)}`));
  });
});

describe('requirement update', { timeout: 60_000 }, () => {
  it('locks the customer, keeps a passed purchase date, and sends only what changed', async () => {
    permissions = { requirement: ['read', 'update'], 'product-item': ['suggestion'] };
    requirements = [requirement(11, { purchaseDate: '2020-01-10' })];
    render(<App path={`/crm/requirements/${hex(11)}/update`} />);
    const form = await screen.findByRole('form', { name: 'Update Requirement' });
    const customer = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Customer' });
    expect(customer.value).toBe('DAV Public School');
    expect(customer.readOnly).toBe(true);
    fireEvent.change(within(form).getByRole('combobox', { name: /Status/ }), {
      target: { value: 'In Progress' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Requirement' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'In Progress' });
  });
});

describe('requirement detail', { timeout: 60_000 }, () => {
  it('shows the sections, loads Follow Ups when opened, and converts with the carried requirement', async () => {
    permissions = {
      requirement: ['read', 'update', 'delete'],
      'follow-up': ['read'],
      quotation: ['create'],
      'product-item': ['read'],
      customer: ['read'],
    };
    requirements = [requirement(5)];
    render(<App path={`/crm/requirements/${hex(5)}`} />);
    expect(await screen.findByRole('heading', { name: 'RI0005' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Items Receipt' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Additional Details' })).toBeTruthy();
    expect(screen.getByText('Rs. 8,50,000')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Item 1' }).getAttribute('href')).toBe(
      `/crm/products/items/${hex(1001)}`,
    );
    expect(screen.getByRole('link', { name: /DAV Public School/ }).getAttribute('href')).toBe(
      `/crm/customers/${hex(700)}`,
    );
    expect(calls.some((c) => c.url.includes('/follow-ups'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Follow Ups' }));
    expect(await screen.findByText('No follow ups for this Requirement')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Convert to Quotation' }));
    await waitFor(() => expect(where.pathname).toBe('/crm/quotations/create'));
    // The create form (features/quotations) receives the requirement in the navigation state.
    expect((await screen.findByTestId('carried')).textContent).toBe(
      JSON.stringify({ requirementId: hex(5), customerId: hex(700), requirementTitle: 'Smart class kits 5' }),
    );
  });

  it('warns instead of converting when margins, prices or GST are missing; hides it for unverified items', async () => {
    permissions = { requirement: ['read'], quotation: ['create'] };
    requirements = [
      requirement(6, { items: [{ item: itemRef(1, { margin: null, gst: null }), quantity: 1, note: null }] }),
      requirement(8, { items: [{ item: itemRef(3, { state: 'Suggested' }), quantity: 1, note: null }] }),
    ];
    const { unmount } = render(<App path={`/crm/requirements/${hex(6)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Convert to Quotation' }));
    expect(
      await screen.findByText(/Item Item 1 does not have margin\. Please add margin to item first\./),
    ).toBeTruthy();
    expect(screen.getByText(/Item Item 1 does not have GST/)).toBeTruthy();
    expect(where.pathname).toBe(`/crm/requirements/${hex(6)}`);
    unmount();
    render(<App path={`/crm/requirements/${hex(8)}`} />);
    expect(await screen.findByRole('heading', { name: 'RI0008' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Convert to Quotation' })).toBeNull();
  });

  it('says Requirement not found', async () => {
    permissions = { requirement: ['read'] };
    requirements = [];
    render(<App path={`/crm/requirements/${hex(9)}`} />);
    expect(await screen.findByText('Requirement not found')).toBeTruthy();
  });
});
