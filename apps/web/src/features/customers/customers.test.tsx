import { type CustomerDto, GSTIN_CHECK_MESSAGE, gstinCheckCharacter } from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap, where } from '../../test/harness';
import { routes } from './routes';
import { customer, hex } from './test-records';

configure({ asyncUtilTimeout: 15000 });

/** GET /crm/customers/{id}/quotations answers these (the active version of each). */
let quotationRows: Record<string, unknown>[] = [];
let projectRows: Record<string, unknown>[] = [];
let permissions: Record<string, string[]> = {};
let customers: CustomerDto[] = [];
let existingNames: string[] = [];
let duplicates: unknown[] = [];

const calls = stubNetwork(
  () => meWith(permissions),
  (method, url, body) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/crm/customers')
      return envelope({ customers, customersCount: customers.length, page: 1, limit: 20 });
    if (method === 'POST' && u.pathname === '/api/crm/customers/duplicates')
      return envelope(duplicates, 200, 'Customers listed successfully');
    if (method === 'POST' && u.pathname === '/api/crm/customers/check-names')
      return envelope(existingNames, 200, 'Customer names checked successfully');
    if (method === 'POST' && u.pathname === '/api/crm/customers/bulk')
      return envelope([], 201, `${(body as unknown[]).length} customers created successfully`);
    if (method === 'POST' && u.pathname === '/api/crm/customers')
      return envelope(customer(77), 201, 'Customer created successfully');
    const related =
      /^\/api\/crm\/customers\/[0-9a-f]{24}\/(follow-ups|requirements|quotations|projects)$/.exec(u.pathname);
    if (related && method === 'GET') {
      const key = related[1] === 'follow-ups' ? 'followUps' : related[1]!;
      const rows = key === 'quotations' ? quotationRows : key === 'projects' ? projectRows : [];
      return envelope({ [key]: rows, [`${key}Count`]: rows.length, page: 1, limit: 20 });
    }
    const feedback = /^\/api\/crm\/customers\/([0-9a-f]{24})\/feedback$/.exec(u.pathname);
    if (feedback && method === 'PATCH') return envelope([], 200, 'Feedback added successfully');
    const one = /^\/api\/crm\/customers\/([0-9a-f]{24})$/.exec(u.pathname);
    if (one) {
      const found = customers.find((c) => c._id === one[1]);
      if (!found) return envelope(null, 404, 'Customer not found');
      if (method === 'GET') return envelope(found);
      if (method === 'PATCH') return envelope(found, 200, 'Customer updated successfully');
    }
    return undefined;
  },
);

const App = ({ path }: { path: string }) => (
  <Wrap path={path} signedIn routes={routes.map((r) => ({ ...r, path: `/${r.path}` }))} />
);

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('customer list', { timeout: 60_000 }, () => {
  it('shows the spec default columns, the menu entries by permission and the create menu', async () => {
    permissions = { customer: ['read', 'create', 'bulk-create', 'suggestion'] };
    customers = [customer(1), customer(2, { verified: false, type: 'Individual', organization: null })];
    localStorage.setItem('customerLayout', JSON.stringify('list'));
    render(<App path="/crm/customers" />);
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(headers(table)).toEqual([
      'Customer ID',
      'Type',
      'Name',
      'Email',
      'Phone',
      'City',
      'District',
      'State',
      'Verified',
      'Organization Type',
    ]);
    const second = within(table).getByRole('row', { name: /School 2/ });
    expect(second.textContent).toContain('CI0002');
    expect(second.textContent).toContain('Unverified');

    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    expect((await screen.findByRole('menuitem', { name: 'Check Customer' })).getAttribute('href')).toBe(
      '/crm/customers/check-existence',
    );
    expect(screen.getByRole('menuitem', { name: 'Import Customers' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Export Customers' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Export all matching' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Column Arrangement' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('menuitem', { name: 'Create Customer' })).getAttribute('href')).toBe(
      '/crm/customers/create',
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Create Bulk Customers' }));
    expect(await screen.findByRole('dialog', { name: 'Create Bulk Customers' })).toBeTruthy();
    expect(where.hash).toBe('#bulk-create');
  });

  it('hides Check Customer, Import and the bulk entries without their actions; says No customer found', async () => {
    permissions = { customer: ['read'] };
    customers = [];
    render(<App path="/crm/customers" />);
    expect(await screen.findByText('No customer found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    await screen.findByRole('menuitem', { name: 'Export Customers' });
    // Both exports need what the list needs: read on customer.
    expect(screen.getByRole('menuitem', { name: 'Export all matching' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Check Customer' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Import Customers' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  });
});

describe('customer filters', { timeout: 60_000 }, () => {
  const GATED = [
    'Assigned To',
    'Re Assigned To',
    'Created By',
    'Margin Tier',
    'Assignment State',
    'Deleted',
    'Deleted By',
  ];
  const shownIn = (drawer: HTMLElement) =>
    GATED.filter((l) => within(drawer).queryAllByLabelText(l).length > 0);

  it('offers only the ungated filters to a reader', async () => {
    permissions = { customer: ['read'] };
    customers = [customer(1)];
    render(<App path="/crm/customers#filter" />);
    const drawer = await screen.findByRole('dialog', { name: 'Filter Customers' });
    await within(drawer).findByRole('textbox', { name: 'Customer ID' });
    expect(shownIn(drawer)).toEqual([]);
    for (const label of [
      'Name',
      'Email',
      'Phone',
      'Website',
      'Address',
      'Contact Name',
      'Contact Email',
      'Contact Phone',
    ])
      expect(within(drawer).getByRole('textbox', { name: label })).toBeTruthy();
    for (const label of ['Establishment Year from', 'Number of Students to', 'Rating from'])
      expect(within(drawer).getByRole('textbox', { name: label })).toBeTruthy();

    const id = within(drawer).getByRole('textbox', { name: 'Customer ID' });
    fireEvent.change(id, { target: { value: 'CX12' } });
    expect(within(drawer).getByText('Invalid Customer ID')).toBeTruthy();
    fireEvent.change(id, { target: { value: 'ci0012' } });
    expect(within(drawer).queryByText('Invalid Customer ID')).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Apply Filters' }));
    // The CI prefix is stripped before sending (spec 2 §5), and the filters are saved as customersFilter.
    await waitFor(() => expect(calls.some((c) => c.url.includes('filters%5BcustomerId%5D=12'))).toBe(true));
    expect(JSON.parse(localStorage.getItem('customersFilter') ?? '{}')).toEqual({ customerId: '12' });
  });

  it('shows each gated filter with its permission', async () => {
    permissions = {
      customer: ['read', 'view-all', 'assign', 're-assign', 'bulk-restore'],
      user: ['suggestion'],
      'product-margin': ['suggestion'],
    };
    customers = [customer(1)];
    render(<App path="/crm/customers#filter" />);
    const drawer = await screen.findByRole('dialog', { name: 'Filter Customers' });
    await within(drawer).findByRole('textbox', { name: 'Customer ID' });
    expect(shownIn(drawer)).toEqual(GATED);
  });

  it('shows the state filter only with view-all and Deleted only with bulk-restore', async () => {
    permissions = { customer: ['read', 'view-all', 'restore'] };
    customers = [customer(1)];
    render(<App path="/crm/customers#filter" />);
    const drawer = await screen.findByRole('dialog', { name: 'Filter Customers' });
    await within(drawer).findByRole('textbox', { name: 'Customer ID' });
    expect(shownIn(drawer)).toEqual(['Assignment State']);
  });
});

const select = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } });
const typeIn = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const addContact = async (contact: { name: string; designation?: string; phone?: string }) => {
  typeIn('Contact name', contact.name);
  if (contact.designation !== undefined) typeIn('Designation', contact.designation);
  if (contact.phone !== undefined) typeIn('Contact phone', contact.phone);
  const add = screen.getByRole<HTMLButtonElement>('button', { name: /Add Contact|Save Contact/ });
  await waitFor(() => expect(add.disabled).toBe(false));
  fireEvent.click(add);
};

describe('customer form', { timeout: 60_000 }, () => {
  it("says what is missing, with the spec's messages, and focuses the first", async () => {
    permissions = { customer: ['read', 'create'] };
    render(<App path="/crm/customers/create" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create Customer' }));
    expect(await screen.findByText('Customer type is required.')).toBeTruthy();
    expect(screen.getByText('Name is required.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Customer type/ })),
    );
    typeIn(/^City/, 'Bh');
    typeIn(/^Phone/, '98765 43210');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Phone/ }).value).toBe('9876543210');
    await waitFor(() => expect(screen.getByText('City must be at least 3 characters')).toBeTruthy());
    typeIn(/^City/, '123');
    await waitFor(() => expect(screen.getByText('Must include 3 letters')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('clears the organisation and the designations when the customer becomes an Individual', async () => {
    permissions = { customer: ['read', 'create'] };
    render(<App path="/crm/customers/create" />);
    await screen.findByRole('button', { name: 'Create Customer' });
    select(/Customer type/, 'Organization');
    const org = await screen.findByRole('region', { name: 'Organization Information' });
    select(/Organization type/, 'Private');
    select(/Private type/, 'Institute');
    select(/Institute type/, 'School');
    expect(within(org).getByRole('combobox', { name: /School board/ })).toBeTruthy();
    await addContact({ name: 'Rina Das', designation: 'Principal', phone: '9876543210' });
    const contacts = await screen.findByRole('list', { name: 'Contacts' });
    expect(contacts.textContent).toContain('Principal');

    select(/Customer type/, 'Individual');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Organization Information' })).toBeNull(),
    );
    expect(screen.getByRole('list', { name: 'Contacts' }).textContent).not.toContain('Principal');
    expect(screen.queryByRole('textbox', { name: 'Designation' })).toBeNull();

    // Back to Organization: nothing of the old organisation comes back.
    select(/Customer type/, 'Organization');
    expect((screen.getByRole('combobox', { name: /Organization type/ }) as HTMLSelectElement).value).toBe('');
    select(/Customer type/, 'Individual');

    typeIn(/^Name/, 'Rina Das');
    fireEvent.click(screen.getByRole('button', { name: 'Create Customer' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/crm/customers')).toBe(true),
    );
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/crm/customers')?.body as Record<
      string,
      unknown
    >;
    expect(sent.type).toBe('Individual');
    expect(sent.organization).toBeUndefined();
    expect(sent.contacts).toEqual([{ name: 'Rina Das', phone: '9876543210' }]);
    expect(sent.address).toEqual({ state: 'Odisha', country: 'India' });
    await waitFor(() => expect(where.pathname).toBe(`/crm/customers/${hex(77)}`));
  });

  it('shows likely duplicates before creating, linked when the user may open them; Go back saves nothing', async () => {
    permissions = { customer: ['read', 'create'] };
    duplicates = [
      {
        index: 0,
        matches: [
          {
            _id: hex(5),
            customerId: 5,
            name: 'DAV Public School',
            city: 'Bhubaneswar',
            district: 'Khordha',
            reasons: ['name', 'phone'],
            visible: true,
          },
          {
            _id: hex(6),
            customerId: 6,
            name: 'DAV School',
            city: 'Bhubaneswar',
            district: null,
            reasons: ['name'],
            visible: false,
          },
        ],
      },
    ];
    render(<App path="/crm/customers/create" />);
    await screen.findByRole('button', { name: 'Create Customer' });
    select(/Customer type/, 'Individual');
    typeIn(/^Name/, 'DAV Public School');
    typeIn(/^City/, 'Bhubaneswar');
    fireEvent.click(screen.getByRole('button', { name: 'Create Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'This customer may already exist' });
    const checked = calls.find((c) => c.url === '/api/crm/customers/duplicates')?.body as {
      customers: Record<string, string>[];
    };
    expect(checked.customers[0]).toMatchObject({ name: 'DAV Public School', city: 'Bhubaneswar' });
    const open = within(dialog).getByRole('link', { name: 'CI0005 · DAV Public School' });
    expect(open.getAttribute('href')).toBe(`/crm/customers/${hex(5)}`);
    expect(dialog.textContent).toContain('a similar name in the same place, the same phone');
    expect(dialog.textContent).toContain(
      'CI0006 · DAV School · Bhubaneswar — a similar name in the same place (assigned to someone else)',
    );
    expect(within(dialog).queryByRole('link', { name: /CI0006/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/crm/customers')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Create Customer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/crm/customers')).toBe(true),
    );
    duplicates = [];
  });

  it('checks each contact, allows at most 3 and asks before removing one', async () => {
    permissions = { customer: ['read', 'create'] };
    render(<App path="/crm/customers/create" />);
    await screen.findByRole('button', { name: 'Create Customer' });
    await addContact({ name: 'Abc' });
    expect(await screen.findByText('Contact name must be at least 5 characters.')).toBeTruthy();
    await addContact({ name: 'Rina Das', phone: '123' });
    expect(await screen.findByText(/Phone number must be a valid 10-digit/)).toBeTruthy();
    await addContact({ name: 'Rina Das', phone: '9876543210' });
    await addContact({ name: 'Sita Nayak' });
    await addContact({ name: 'Mohan Rath' });
    expect(within(screen.getByRole('list', { name: 'Contacts' })).getAllByRole('listitem')).toHaveLength(3);
    await addContact({ name: 'Fourth Person' });
    expect(await screen.findByText('You can only add up to 3 contacts.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Contacts' })).getAllByRole('listitem')).toHaveLength(3);

    // The default contact is the one whose phone and e-mail are the customer's own.
    typeIn(/^Phone/, '9876543210');
    const rina = within(screen.getByRole('list', { name: 'Contacts' })).getAllByRole('listitem')[0]!;
    await waitFor(() => expect(rina.textContent).toContain('Default'));

    // Editing with unsaved input asks first.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sita Nayak' }));
    const discard = await screen.findByRole('dialog', { name: 'Discard Contact' });
    fireEvent.click(within(discard).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard Contact' })).toBeNull());
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Contact name' }).value).toBe(
      'Fourth Person',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove Mohan Rath' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Contact' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Contacts' })).getAllByRole('listitem')).toHaveLength(2),
    );
  });

  it('asks whether an unverified customer is verified, and sends only what changed with the answer', async () => {
    permissions = { customer: ['read', 'update'] };
    customers = [customer(2, { verified: false })];
    render(<App path={`/crm/customers/${hex(2)}/update`} />);
    const name = await screen.findByRole<HTMLInputElement>('textbox', { name: /^Name/ });
    expect(name.value).toBe('School 2');
    fireEvent.change(name, { target: { value: 'DAV Public School' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Customer' });
    expect(within(dialog).getByText('Is this school verified?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verified' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'DAV Public School',
      verified: true,
    });
  });

  it('takes the GSTIN upper-cased as typed, refuses a wrong check character and sends it upper-cased', async () => {
    permissions = { customer: ['read', 'update'] };
    customers = [customer(8)];
    const valid = `21AABTS1234M1Z${gstinCheckCharacter('21AABTS1234M1Z')}`;
    const wrong = `${valid.slice(0, 14)}${valid[14] === 'A' ? 'B' : 'A'}`;
    render(<App path={`/crm/customers/${hex(8)}/update`} />);
    const gstin = await screen.findByRole<HTMLInputElement>('textbox', { name: /^GSTIN/ });
    typeIn(/^GSTIN/, wrong.toLowerCase());
    expect(gstin.value).toBe(wrong);
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText(GSTIN_CHECK_MESSAGE)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    typeIn(/^GSTIN/, ` ${valid.toLowerCase()}`);
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ gstin: valid });
  });

  it('keeps a customer unverified on Still Unverified, and asks nothing for a verified one', async () => {
    permissions = { customer: ['read', 'update'] };
    customers = [customer(3, { verified: false }), customer(4)];
    const first = render(<App path={`/crm/customers/${hex(3)}/update`} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /^City/ }), { target: { value: 'Cuttack' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Customer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Still Unverified' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body.verified).toBeUndefined();
    expect((body.address as Record<string, unknown>).city).toBe('Cuttack');
    first.unmount();

    calls.length = 0;
    render(<App path={`/crm/customers/${hex(4)}/update`} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /^City/ }), { target: { value: 'Puri' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'Verify Customer' })).toBeNull();
  });
});

describe('feedback', { timeout: 60_000 }, () => {
  it('clears the rating when the chosen star is clicked again, and needs a star', async () => {
    permissions = { customer: ['read', 'feedback-read', 'feedback-create'] };
    customers = [customer(5)];
    render(<App path={`/crm/customers/${hex(5)}/feedback`} />);
    const three = await screen.findByRole('button', { name: '3 stars' });
    fireEvent.click(three);
    expect(three.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(three);
    expect(three.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Select Star to rate.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '4 stars' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), {
      target: { value: ' Helpful principal ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      rating: 4,
      comment: 'Helpful principal',
    });
    await waitFor(() => expect(where.pathname).toBe(`/crm/customers/${hex(5)}`));
  });
});

describe('customer detail', { timeout: 60_000 }, () => {
  it('shows the sections, loads a related section when opened, and feedback deletion by permission', async () => {
    permissions = { customer: ['read', 'feedback-read'], 'follow-up': ['read'] };
    customers = [
      customer(6, {
        feedbacks: [
          {
            _id: hex(600),
            reviewer: { _id: hex(1), name: 'Asha' },
            rating: 4,
            comment: 'Good',
            date: '2026-03-03T05:00:00.000Z',
          },
        ],
      }),
    ];
    render(<App path={`/crm/customers/${hex(6)}`} />);
    expect(await screen.findByRole('region', { name: 'Contacts' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Assignments' }).textContent).toContain(
      'This customer is not assigned to anyone',
    );
    expect(screen.queryByRole('button', { name: 'Requirements' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/follow-ups'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Follow Ups' }));
    expect(await screen.findByText('This customer has no follow ups')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Feedbacks' }));
    expect(await screen.findByText('Good')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete the feedback/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Give Feedback' })).toBeNull();
  });

  it("lists the customer's quotations with their numbers, status and totals, linking to them", async () => {
    permissions = { customer: ['read'], quotation: ['read'] };
    customers = [customer(11)];
    quotationRows = [
      {
        _id: hex(31),
        quotationId: 3,
        activeVersion: {
          versionNumber: 1,
          title: 'Smart class quotation',
          status: 'Draft',
          totalPrice: 200600,
        },
      },
    ];
    render(<App path={`/crm/customers/${hex(11)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Quotations' }));
    const link = await screen.findByRole('link', { name: /ARR\/0003\/R1/ });
    expect(link.textContent).toBe('ARR/0003/R1 · Smart class quotation · Draft · ₹2,00,600.00');
    expect(link.getAttribute('href')).toBe(`/crm/quotations/${hex(31)}`);
    quotationRows = [];
  });

  it("lists the customer's projects as PI and four digits, with status and total, linking to them", async () => {
    permissions = { customer: ['read'], project: ['read'] };
    customers = [customer(12)];
    projectRows = [
      {
        _id: hex(41),
        projectId: 4,
        title: 'Smart class installation',
        status: 'Installation',
        totalPrice: 200600,
      },
    ];
    render(<App path={`/crm/customers/${hex(12)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Projects' }));
    const link = await screen.findByRole('link', { name: /PI0004/ });
    expect(link.textContent).toBe('PI0004 · Smart class installation · Installation · ₹2,00,600.00');
    expect(link.getAttribute('href')).toBe(`/crm/projects/${hex(41)}`);
    projectRows = [];
  });

  it('shows the GSTIN when the customer has one', async () => {
    permissions = { customer: ['read'] };
    customers = [customer(9, { gstin: '21AABTS1234M1ZX' }), customer(10)];
    const first = render(<App path={`/crm/customers/${hex(9)}`} />);
    expect(await screen.findByText('21AABTS1234M1ZX')).toBeTruthy();
    expect(screen.getByText('GSTIN')).toBeTruthy();
    first.unmount();
    render(<App path={`/crm/customers/${hex(10)}`} />);
    await screen.findByRole('region', { name: 'Basic Information' });
    expect(screen.queryByText('GSTIN')).toBeNull();
  });

  it('goes to the previous and next customer of the loaded page, showing n/total', async () => {
    permissions = { customer: ['read'] };
    customers = [customer(7), customer(8), customer(9)];
    localStorage.setItem('customerLayout', JSON.stringify('list'));
    render(<App path="/crm/customers" />);
    const table = await screen.findByRole('table', { name: 'Customers' });
    fireEvent.click(within(table).getByRole('row', { name: /School 8/ }));
    await waitFor(() => expect(where.pathname).toBe(`/crm/customers/${hex(8)}`));
    const nav = await screen.findByRole('group', { name: 'Customers on this page' });
    expect(nav.textContent).toContain('2/3');
    fireEvent.click(within(nav).getByRole('link', { name: 'Next customer' }));
    await waitFor(() => expect(where.pathname).toBe(`/crm/customers/${hex(9)}`));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Customers on this page' }).textContent).toContain('3/3'),
    );
  });
});

describe('bulk create', { timeout: 60_000 }, () => {
  const typeName = (dialog: HTMLElement, text: string) => {
    const input = within(dialog).getByRole('textbox', { name: 'Customer name' });
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter' });
  };

  it('flags the names that exist, disables Create and offers Create Valid Customers Only', async () => {
    permissions = { customer: ['read', 'bulk-create'] };
    customers = [];
    existingNames = ['alpha school'];
    render(<App path="/crm/customers#bulk-create" />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Bulk Customers' });
    expect(within(dialog).getByText('No customers added yet.')).toBeTruthy();
    typeName(dialog, 'Alpha School');
    typeName(dialog, 'ALPHA school');
    expect(within(dialog).getByText('Customer name already exists in below list')).toBeTruthy();
    typeName(dialog, 'Beta School');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alpha = await within(dialog).findByText('This customer already exists');
    expect(alpha.closest('li')?.textContent).toContain('Alpha School');
    expect(calls.find((c) => c.url.endsWith('/check-names'))?.body).toEqual(['Alpha School', 'Beta School']);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Create' }).disabled).toBe(true);
    expect(calls.some((c) => c.url.endsWith('/customers/bulk'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Valid Customers Only' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/customers/bulk'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/customers/bulk'))?.body).toEqual([{ name: 'Beta School' }]);
    await waitFor(() => expect(where.hash).toBe(''));
  });

  it('shows names that look like existing customers once; Create anyway then sends them', async () => {
    permissions = { customer: ['read', 'bulk-create', 'create'] };
    existingNames = [];
    duplicates = [
      {
        index: 1,
        matches: [
          {
            _id: hex(9),
            customerId: 9,
            name: 'Delta Public School',
            city: 'Puri',
            district: 'Puri',
            reasons: ['name'],
            visible: true,
          },
        ],
      },
    ];
    render(<App path="/crm/customers#bulk-create" />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Bulk Customers' });
    typeName(dialog, 'Gamma School');
    typeName(dialog, 'Delta Public School.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const note = await within(dialog).findByText('May already exist:');
    expect(note.closest('li')?.textContent).toContain('CI0009 · Delta Public School · Puri, Puri');
    expect(calls.some((c) => c.url.endsWith('/customers/bulk'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create anyway' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/customers/bulk'))).toBe(true));
    expect(calls.filter((c) => c.url.endsWith('/duplicates'))).toHaveLength(1);
    duplicates = [];
  });

  it('re-enables Create once the list changes, and says when no name is valid', async () => {
    permissions = { customer: ['read', 'bulk-create'] };
    existingNames = ['Alpha School'];
    render(<App path="/crm/customers#bulk-create" />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Bulk Customers' });
    typeName(dialog, 'Alpha School');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await within(dialog).findByText('This customer already exists');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Valid Customers Only' }));
    expect(await screen.findByText('No valid customers to add')).toBeTruthy();
    typeName(dialog, 'Gamma School');
    expect(within(dialog).queryByText('This customer already exists')).toBeNull();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Create' }).disabled).toBe(false);
    expect(within(dialog).queryByRole('button', { name: 'Create Valid Customers Only' })).toBeNull();
  });
});
