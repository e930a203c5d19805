import type { CustomerDto } from '@karya/domain';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, ME_ID, meWith, stubNetwork, Wrap, where } from '../../../test/harness';
import { CUSTOMER_COLUMNS } from '../customer-columns';
import { routes } from '../routes';
import { customer } from '../test-records';
import { IMPORT_HEADERS, IMPORT_MESSAGES } from './import-rules';

// The import dialog and the export on the list page, in jsdom (no Worker here: the parser runs on the page).

configure({ asyncUtilTimeout: 15000 });

let permissions: Record<string, string[]> = {};
let customers: CustomerDto[] = [];
let existingNames: string[] = [];
let duplicates: unknown[] = [];
let bulkAnswer: () => Response = () => envelope([], 201, 'customers created successfully');
let activityAnswer: () => Response = () => envelope({}, 201, 'Activity logged');

const calls = stubNetwork(
  () => meWith(permissions),
  (method, url, body) => {
    const path = new URL(url, 'http://x').pathname;
    if (method === 'GET' && path === '/api/crm/customers')
      return envelope({ customers, customersCount: customers.length, page: 1, limit: 20 });
    if (method === 'POST' && path === '/api/crm/customers/duplicates')
      return envelope(duplicates, 200, 'Customers listed successfully');
    if (method === 'POST' && path === '/api/crm/customers/check-names')
      return envelope(existingNames, 200, 'Customer names checked successfully');
    if (method === 'POST' && path === '/api/crm/customers/bulk') {
      void body;
      return bulkAnswer();
    }
    if (method === 'POST' && path === '/api/admin/user-activities') return activityAnswer();
    return undefined;
  },
);
const callsTo = (path: string) => calls.filter((c) => c.url.startsWith(path));

const App = ({ path }: { path: string }) => (
  <Wrap path={path} signedIn routes={routes.map((r) => ({ ...r, path: `/${r.path}` }))} />
);

const sheetFile = async (rows: (string | number | null)[][], name = 'customers.xlsx') => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Customers');
  sheet.addRow([...IMPORT_HEADERS]);
  for (const row of rows) sheet.addRow(row);
  return new File([await workbook.xlsx.writeBuffer()], name);
};
// Name, Type, Email, Phone, Website, Street, City, District, State, Country, Zip Code, Year, Students
const line = (
  name: string,
  type: string | null,
  email: string | null = null,
  city: string | null = 'Cuttack',
) => [name, type, email, 9437012345, null, null, city, null, null, null, 753001, 2001, '450'];

/** A Blob's bytes (jsdom's Blob has no arrayBuffer). */
const blobBytes = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(blob);
  });

const choose = async (file: File) => {
  const dialog = await screen.findByRole('dialog', { name: 'Import Customers' });
  fireEvent.change(within(dialog).getByLabelText('Spreadsheet file'), { target: { files: [file] } });
  return dialog;
};

describe('customer import', { timeout: 60_000 }, () => {
  beforeEach(() => {
    permissions = { customer: ['read', 'bulk-create'] };
    customers = [];
    existingNames = [];
    duplicates = [];
    bulkAnswer = () => envelope([], 201, '2 customers created successfully');
  });

  it('opens at #upload from the menu, shows valid rows and errors, and adds only the valid ones in one call', async () => {
    existingNames = ['Taken School'];
    render(<App path="/crm/customers" />);
    fireEvent.click(await screen.findByRole('button', { name: 'More options' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Import Customers' }));
    await waitFor(() => expect(where.hash).toBe('#upload'));
    const dialog = await choose(
      await sheetFile([
        line('Good School', 'Organization', 'good@example.com'),
        line('Anita Das', 'individual'),
        line('Bad Email School', 'Organization', 'nope'),
        line('Taken School', 'Organization'),
        line('Twin School', 'Organization'),
        line('twin school', 'Organization'),
      ]),
    );
    const valid = await within(dialog).findByRole('table', { name: 'Valid customers' });
    expect(
      within(valid)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Customer NoNameTypeEmailPhoneCity',
      '1Good SchoolOrganizationgood@example.com9437012345Cuttack',
      '2Anita DasIndividual-9437012345Cuttack',
    ]);
    const errors = within(dialog).getByRole('table', { name: 'Customers with errors' });
    expect(
      within(errors)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Customer NoCustomer NameErrors',
      '3Bad Email SchoolInvalid email format.',
      '4Taken SchoolCustomer already exist with this name',
      '5Twin SchoolCustomer 5, 6 names are the same.',
      '6twin schoolCustomer 5, 6 names are the same.',
    ]);
    // Every name of the file went to check-names once.
    expect(callsTo('/api/crm/customers/check-names')[0]!.body).toEqual([
      'Good School',
      'Anita Das',
      'Bad Email School',
      'Taken School',
      'Twin School',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add valid customers' }));
    await waitFor(() => expect(where.hash).toBe(''));
    const bulk = callsTo('/api/crm/customers/bulk');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]!.body).toEqual([
      {
        name: 'Good School',
        type: 'Organization',
        email: 'good@example.com',
        phone: '9437012345',
        address: { city: 'Cuttack', zipCode: '753001' },
        additionalInfo: { establishmentYear: 2001, numberOfStudents: 450 },
      },
      {
        name: 'Anita Das',
        type: 'Individual',
        phone: '9437012345',
        address: { city: 'Cuttack', zipCode: '753001' },
        additionalInfo: { establishmentYear: 2001, numberOfStudents: 450 },
      },
    ]);
    expect(await screen.findByText('2 customers created successfully')).toBeTruthy();
  });

  it('marks the rows that may already exist, and can leave them out of the add', async () => {
    permissions = { customer: ['read', 'bulk-create', 'create'] };
    duplicates = [
      {
        index: 1,
        matches: [
          {
            _id: 'b'.repeat(24),
            customerId: 12,
            name: 'Ravenshaw College',
            city: 'Cuttack',
            district: null,
            reasons: ['name', 'phone'],
            visible: true,
          },
        ],
      },
    ];
    render(<App path="/crm/customers#upload" />);
    const dialog = await choose(
      await sheetFile([line('New Era School', 'Organization'), line('Ravenshaw College.', 'Organization')]),
    );
    const table = await within(dialog).findByRole('table', { name: 'Valid customers' });
    const checked = callsTo('/api/crm/customers/duplicates')[0]!.body as {
      customers: Record<string, string>[];
    };
    expect(checked.customers).toEqual([
      expect.objectContaining({ name: 'New Era School', city: 'Cuttack', phone: '9437012345' }),
      expect.objectContaining({ name: 'Ravenshaw College.', city: 'Cuttack' }),
    ]);
    expect(within(table).getByText('May already exist')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'CI0012 · Ravenshaw College' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Leave out the 1 that may already exist' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add valid customers' }));
    await waitFor(() => expect(callsTo('/api/crm/customers/bulk')).toHaveLength(1));
    const sent = callsTo('/api/crm/customers/bulk')[0]!.body as { name: string }[];
    expect(sent.map((c) => c.name)).toEqual(['New Era School']);
  });

  it('keeps the dialog and says why when the bulk call is refused (nothing is added)', async () => {
    bulkAnswer = () => envelope(null, 400, 'Customer already exist with this name');
    render(<App path="/crm/customers#upload" />);
    const dialog = await choose(await sheetFile([line('Late School', 'Organization')]));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add valid customers' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Customer already exist with this name',
    );
    expect(where.hash).toBe('#upload');
  });

  it('refuses a wrong type, a renamed text file and missing headers with their messages', async () => {
    render(<App path="/crm/customers#upload" />);
    let dialog = await choose(new File(['a,b'], 'customers.csv'));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(IMPORT_MESSAGES.invalidType);
    dialog = await choose(new File(['Name,Type\nA,B'], 'customers.xlsx'));
    expect((await within(dialog).findByText(IMPORT_MESSAGES.notSpreadsheet)).textContent).toBeTruthy();
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRow(['Name', 'Type']);
    dialog = await choose(new File([await workbook.xlsx.writeBuffer()], 'short.xlsx'));
    expect(await within(dialog).findByText(/^The following headers are missing: Email, Phone,/)).toBeTruthy();
    expect(callsTo('/api/crm/customers/check-names')).toHaveLength(0);
  });

  it('has no Import entry and no dialog without bulk-create', async () => {
    permissions = { customer: ['read'] };
    render(<App path="/crm/customers#upload" />);
    fireEvent.click(await screen.findByRole('button', { name: 'More options' }));
    await screen.findByRole('menuitem', { name: 'Export Customers' });
    expect(screen.queryByRole('menuitem', { name: 'Import Customers' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Import Customers' })).toBeNull();
  });
});

describe('customer export', { timeout: 60_000 }, () => {
  let saved: Blob[] = [];
  let position: 'ok' | 'denied' = 'ok';

  beforeEach(() => {
    permissions = { customer: ['read'] };
    saved = [];
    position = 'ok';
    activityAnswer = () => envelope({}, 201, 'Activity logged');
    // The file handed to the browser to save.
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:x';
    };
    URL.revokeObjectURL = () => undefined;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
          position === 'ok'
            ? ok({ coords: { latitude: 20.29, longitude: 85.82 } } as GeolocationPosition)
            : fail({
                code: 1,
                PERMISSION_DENIED: 1,
                POSITION_UNAVAILABLE: 2,
                TIMEOUT: 3,
              } as GeolocationPositionError),
      },
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  const exportFromMenu = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'More options' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Export Customers' }));
  };
  const confirmExport = async () => {
    const confirm = await screen.findByRole('dialog', { name: 'Export Customers' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Export' }));
  };

  it('asks first, logs the activity with the location, then saves the page with the visible columns as text', async () => {
    customers = [
      customer(1),
      customer(2, { name: '=HYPERLINK("http://evil.example","Click")', email: null, verified: false }),
      customer(3, { name: '+91 School', phone: '-5' as string }),
    ];
    // The user's arrangement (customerFields): these five shown, in this order, every other column hidden.
    const shown = ['name', 'customerId', 'verified', 'numberOfStudents', 'phone'];
    localStorage.setItem(
      'customerFields',
      JSON.stringify([
        ...shown.map((key) => ({ key, visible: true })),
        ...CUSTOMER_COLUMNS.filter((c) => !shown.includes(c.key)).map((c) => ({
          key: c.key,
          visible: false,
        })),
      ]),
    );
    render(<App path="/crm/customers" />);
    await screen.findAllByText('School 1');
    await exportFromMenu();
    await confirmExport();
    expect(await screen.findByText('Customers exported successfully')).toBeTruthy();

    const activity = callsTo('/api/admin/user-activities');
    expect(activity.map((c) => c.body)).toEqual([
      {
        type: 'CUSTOMER_EXPORT',
        deviceInfo: expect.objectContaining({ os: expect.any(String), browser: expect.any(String) }),
        location: { type: 'Point', coordinates: [20.29, 85.82] },
        user: ME_ID,
        message: 'Exported 3 customers',
      },
    ]);
    expect(saved).toHaveLength(1);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await blobBytes(saved[0]!));
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Name', 'Customer ID', 'Verified', 'Students', 'Phone']);
    expect(values(2)).toEqual(['School 1', 'CI0001', 'Verified', 1200, '9876543210']);
    // Formula-looking texts are string cells with the Text format: Excel shows them, never runs them.
    for (const [row, col, text] of [
      [3, 1, '=HYPERLINK("http://evil.example","Click")'],
      [4, 1, '+91 School'],
      [4, 5, '-5'],
    ] as const) {
      const cell = sheet.getRow(row).getCell(col);
      expect(cell.value).toBe(text);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
    }
    expect(sheet.getRow(3).getCell(3).value).toBe('Unverified');
  });

  it('stops with the location message when the position is refused, before any log or file', async () => {
    customers = [customer(1)];
    position = 'denied';
    render(<App path="/crm/customers" />);
    await screen.findAllByText('School 1');
    await exportFromMenu();
    await confirmExport();
    expect(await screen.findByText(/^Location permission denied/)).toBeTruthy();
    expect(callsTo('/api/admin/user-activities')).toHaveLength(0);
    expect(saved).toHaveLength(0);
  });

  it("stops with 'You can't export customers right now' when the log is refused", async () => {
    customers = [customer(1)];
    activityAnswer = () => envelope(null, 500, 'Internal Server Error');
    render(<App path="/crm/customers" />);
    await screen.findAllByText('School 1');
    await exportFromMenu();
    await confirmExport();
    expect(await screen.findByText("You can't export customers right now")).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('warns No customers to export on an empty page, and Cancel exports nothing', async () => {
    customers = [];
    render(<App path="/crm/customers" />);
    await screen.findByText('No customer found');
    await exportFromMenu();
    expect(await screen.findByText('No customers to export')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Export Customers' })).toBeNull();

    customers = [customer(1)];
    cleanup();
    render(<App path="/crm/customers" />);
    await screen.findAllByText('School 1');
    await exportFromMenu();
    const confirm = await screen.findByRole('dialog', { name: 'Export Customers' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export Customers' })).toBeNull());
    expect(callsTo('/api/admin/user-activities')).toHaveLength(0);
    expect(saved).toHaveLength(0);
  });
});
