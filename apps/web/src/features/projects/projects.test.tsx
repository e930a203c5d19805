import { PROJECT_MESSAGES, type ProjectDto, type ProjectStatus } from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap } from '../../test/harness';
import { routes } from './routes';
import { ASHA, hex, listRow, project } from './test-records';

configure({ asyncUtilTimeout: 15000 });

// pdf.js does not run in jsdom: the viewer stands in, showing what it was asked to open.
vi.mock('../items/pdf-viewer', () => ({
  PdfViewer: ({ url, name, noun }: { url: string; name: string; noun: string }) => (
    <div role="document" aria-label={`${noun} viewer`}>
      {`${name} from ${url}`}
    </div>
  ),
}));

let permissions: Record<string, string[]> = {};
let projects: ProjectDto[] = [];

const calls = stubNetwork(
  () => meWith(permissions),
  (method, url, body) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/crm/projects') {
      const rows = projects.map(listRow);
      return envelope({ projects: rows, projectsCount: rows.length, page: 1, limit: 20 });
    }
    if (method === 'GET' && u.pathname === '/api/crm/projects/suggestion') {
      const id = u.searchParams.get('projectId');
      return envelope(
        projects
          .filter((p) => !id || p.projectId === Number(id))
          .map((p) => ({
            _id: p._id,
            projectId: p.projectId,
            title: p.title,
            status: p.status,
            customer: null,
          })),
      );
    }
    const status = /^\/api\/crm\/projects\/([0-9a-f]{24})\/status$/.exec(u.pathname);
    if (status && method === 'PATCH') {
      const to = (body as { status: ProjectStatus }).status;
      projects = projects.map((p) =>
        p._id === status[1]
          ? {
              ...p,
              status: to,
              statusHistory: [
                ...p.statusHistory,
                {
                  from: p.status,
                  to,
                  reason: (body as { reason?: string }).reason ?? null,
                  changedBy: ASHA,
                  changedAt: '2026-03-05T04:30:00.000Z',
                },
              ],
            }
          : p,
      );
      return envelope(
        projects.find((p) => p._id === status[1]),
        200,
        PROJECT_MESSAGES.statusChanged(to),
      );
    }
    const one = /^\/api\/crm\/projects\/([0-9a-f]{24})$/.exec(u.pathname);
    if (one && method === 'GET') {
      const found = projects.find((p) => p._id === one[1]);
      return found ? envelope(found) : envelope(null, 404, PROJECT_MESSAGES.notFound);
    }
    return undefined;
  },
);

const App = ({ path }: { path: string }) => (
  <Wrap path={path} signedIn routes={routes.map((r) => ({ ...r, path: `/${r.path}` }))} />
);
const listCall = () => calls.find((c) => c.url.startsWith('/api/crm/projects?'));
const patches = () => calls.filter((c) => c.method === 'PATCH');

describe('project list', { timeout: 60_000 }, () => {
  it('shows the spec columns with PI and six digits, the chips, and no Create', async () => {
    permissions = { project: ['read', 'create'] };
    projects = [project(1), project(2, { status: 'Completed' })];
    localStorage.setItem('projectLayout', JSON.stringify('list'));
    render(<App path="/crm/projects" />);
    const table = await screen.findByRole('table', { name: 'Projects' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Project ID', 'Title', 'Customer', 'Status', 'Total Price']);
    const first = within(table).getByRole('row', { name: /Smart class installation 1/ });
    expect(first.textContent).toContain('PI000001');
    expect(first.textContent).toContain('CI0007 · DAV Public School');
    expect(first.textContent).toContain('Initiated');
    expect(first.textContent).toContain('2,00,600');
    expect(within(table).getByRole('row', { name: /installation 2/ }).textContent).toContain('Completed');
    for (const chip of ['Today', 'Yesterday', 'This Week', 'This Month'])
      expect(screen.getByRole('checkbox', { name: chip })).toBeTruthy();
    // A project is made by approving a quotation.
    expect(screen.queryByRole('link', { name: /Create/ })).toBeNull();
    // The sort menu offers the spec's four.
    fireEvent.click(screen.getByRole('button', { name: /Sort/ }));
    for (const label of [/^ID/, /^Status/, /^Created Date/, /^Updated Date/])
      expect(await screen.findByRole('menuitem', { name: label })).toBeTruthy();
  });

  it('keeps the page size under projectLimit and says No projects found', async () => {
    permissions = { project: ['read'] };
    projects = [];
    localStorage.setItem('projectLimit', JSON.stringify(50));
    render(<App path="/crm/projects" />);
    expect(await screen.findByText(PROJECT_MESSAGES.empty)).toBeTruthy();
    expect(new URLSearchParams(listCall()?.url.split('?')[1]).get('limit')).toBe('50');
  });

  it('offers the spec filters and sends a typed PI number as the number', async () => {
    permissions = { project: ['read', 'restore'], user: ['suggestion'] };
    projects = [project(1)];
    render(<App path="/crm/projects#filter" />);
    const drawer = await screen.findByRole('dialog', { name: 'Filter Projects' });
    const id = await within(drawer).findByRole('textbox', { name: 'Project ID' });
    for (const label of [
      'Status',
      'Customer',
      'Requirement',
      'Quotation',
      'Created By',
      'Created Date',
      'Updated Date',
      'Deleted',
      'Deleted By',
    ])
      expect(within(drawer).queryAllByLabelText(label).length).toBeGreaterThan(0);
    fireEvent.change(id, { target: { value: 'PI0012' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('filters%5BprojectId%5D=12'))).toBe(true));
  });

  it('searches with Ctrl+K by number or title, and says when nothing is found', async () => {
    permissions = { project: ['read', 'suggestion'] };
    projects = [project(1), project(12)];
    render(<App path="/crm/projects" />);
    await screen.findByText('Smart class installation 12');
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    const palette = await screen.findByRole('dialog');
    const box = within(palette).getByPlaceholderText('Type a project title or PI number...');
    fireEvent.change(box, { target: { value: 'PI0012' } });
    expect(
      await within(palette).findByRole('option', { name: /PI0012 · Smart class installation 12/ }),
    ).toBeTruthy();
    // The typed number is asked after the debounce (the palette first lists without a text).
    await waitFor(() => expect(calls.some((c) => /\/suggestion\?projectId=12$/.test(c.url))).toBe(true));
    fireEvent.change(box, { target: { value: '99' } });
    expect(await within(palette).findByText(PROJECT_MESSAGES.searchEmpty)).toBeTruthy();
  });
});

const READ_LINKS = {
  customer: ['read'],
  requirement: ['read'],
  quotation: ['read'],
  'product-item': ['read'],
  user: ['read'],
};

describe('project detail', { timeout: 60_000 }, () => {
  it('shows the summary, the frozen lines, the status history, and opens the agreement in the viewer', async () => {
    permissions = { project: ['read'], ...READ_LINKS };
    projects = [project(1)];
    render(<App path={`/crm/projects/${hex(2001)}`} />);
    const summary = await screen.findByRole('region', { name: 'PI0001' });
    expect(within(summary).getByText('Smart class installation 1')).toBeTruthy();
    expect(within(summary).getAllByText('PI0001').length).toBeGreaterThan(0);
    expect(within(summary).getByText('Initiated')).toBeTruthy();
    const href = (name: string) => within(summary).getByRole('link', { name }).getAttribute('href');
    expect(href('CI0007 · DAV Public School')).toBe(`/crm/customers/${hex(700)}`);
    expect(href('RI0012 · Smart class kits')).toBe(`/crm/requirements/${hex(803)}`);
    expect(href('ARR/0003/R1')).toBe(`/crm/quotations/${hex(3)}`);

    const receipt = screen.getByRole('table', { name: 'Items Receipt' });
    expect(within(receipt).getByRole('link', { name: 'Panel 1' }).getAttribute('href')).toBe(
      `/crm/products/items/${hex(1001)}`,
    );
    expect(receipt.textContent).toContain('8528');
    expect(screen.getByRole('region', { name: 'Items Receipt' }).textContent).toContain('₹2,00,600.00');

    const history = screen.getByRole('table', { name: 'Status History' });
    expect(history.textContent).toContain('Asha Rao');
    const additional = screen.getByRole('region', { name: 'Additional Details' });
    expect(within(additional).getByRole('link', { name: 'Asha Rao' }).getAttribute('href')).toBe(
      `/admin/users/${hex(500)}`,
    );
    expect(within(additional).queryByText('Deleted On')).toBeNull();
    // Read only: no status control, no lifecycle buttons.
    expect(screen.queryByRole('button', { name: 'Change Status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Project' })).toBeNull();

    const files = screen.getByRole('region', { name: 'Project Files' });
    fireEvent.click(within(files).getByRole('button', { name: 'View Agreement' }));
    const viewer = await screen.findByRole('dialog', { name: 'Agreement' });
    expect((await within(viewer).findByRole('document', { name: 'agreement viewer' })).textContent).toBe(
      `agreement.pdf from /api/files/${hex(901)}`,
    );
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agreement' })).toBeNull());
    fireEvent.click(within(files).getByRole('button', { name: 'View Purchase Order' }));
    const po = await screen.findByRole('dialog', { name: 'Purchase Order' });
    expect((await within(po).findByRole('document')).textContent).toBe(
      `purchase-order.pdf from /api/files/${hex(902)}`,
    );
  });

  it('says when a file is not attached, and Project not found for a missing project', async () => {
    permissions = { project: ['read'] };
    projects = [project(2, { files: { agreementFile: null, purchaseOrderFile: null } })];
    const { unmount } = render(<App path={`/crm/projects/${hex(2002)}`} />);
    const files = await screen.findByRole('region', { name: 'Project Files' });
    expect(within(files).getByText(PROJECT_MESSAGES.noAgreement)).toBeTruthy();
    expect(within(files).getByText(PROJECT_MESSAGES.noPurchaseOrder)).toBeTruthy();
    expect(within(files).queryByRole('button')).toBeNull();
    unmount();

    render(<App path={`/crm/projects/${hex(2099)}`} />);
    expect(await screen.findByText(PROJECT_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to projects' }).getAttribute('href')).toBe('/crm/projects');
  });

  it('offers only the next step and the one before; going back needs a reason', async () => {
    permissions = { project: ['read', 'update'], ...READ_LINKS };
    projects = [project(3, { status: 'Installation' })];
    render(<App path={`/crm/projects/${hex(2003)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Status' }));
    await screen.findByRole('menuitem', { name: 'Move to Handover' });
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Move to Handover',
      'Back to Delivered to Customer Site',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Back to Delivered to Customer Site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Status' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to Delivered to Customer Site' }));
    expect(await within(dialog).findByText(PROJECT_MESSAGES.reasonRequired)).toBeTruthy();
    expect(patches()).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: '  Two panels arrived cracked  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to Delivered to Customer Site' }));
    await waitFor(() =>
      expect(patches()).toEqual([
        {
          method: 'PATCH',
          url: `/api/crm/projects/${hex(2003)}/status`,
          body: { status: 'Delivered to Customer Site', reason: 'Two panels arrived cracked' },
        },
      ]),
    );
    expect(
      await screen.findByText(PROJECT_MESSAGES.statusChanged('Delivered to Customer Site')),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Status' })).toBeNull());
    // The detail shows the new status and the change with its reason.
    const history = await screen.findByRole('table', { name: 'Status History' });
    await waitFor(() => expect(history.textContent).toContain('Two panels arrived cracked'));
    expect(history.textContent).toContain('Installation → Delivered to Customer Site');
  });

  it('a step pressed again after a lost answer goes with the same Idempotency-Key; another step with its own', async () => {
    permissions = { project: ['read', 'update'] };
    projects = [project(6, { status: 'Installation' })];
    const keys: string[] = [];
    let lose = true;
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        keys.push((init.headers as Record<string, string>)['idempotency-key'] ?? '');
        if (lose) {
          lose = false;
          throw new TypeError('Failed to fetch');
        }
      }
      return stubbed(url, init);
    });
    render(<App path={`/crm/projects/${hex(2006)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Status' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to Handover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Status' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Handover' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Move to Handover' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Handover' }));
    expect(await screen.findByText(PROJECT_MESSAGES.statusChanged('Handover'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Status' })).toBeNull());
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // The next step is another change: a key of its own.
    fireEvent.click(await screen.findByRole('button', { name: 'Change Status' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to Completed' }));
    const next = await screen.findByRole('dialog', { name: 'Change Status' });
    fireEvent.click(within(next).getByRole('button', { name: 'Move to Completed' }));
    expect(await screen.findByText(PROJECT_MESSAGES.statusChanged('Completed'))).toBeTruthy();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('moves forward without a reason; Initiated has no step back and Completed no step forward', async () => {
    permissions = { project: ['read', 'update'] };
    projects = [project(4), project(5, { status: 'Completed' })];
    const { unmount } = render(<App path={`/crm/projects/${hex(2004)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Status' }));
    await screen.findByRole('menuitem', { name: 'Move to Ready For Dispatch' });
    expect(screen.getAllByRole('menuitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Move to Ready For Dispatch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Status' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Ready For Dispatch' }));
    await waitFor(() => expect(patches().map((c) => c.body)).toEqual([{ status: 'Ready For Dispatch' }]));
    unmount();

    render(<App path={`/crm/projects/${hex(2005)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Status' }));
    await screen.findByRole('menuitem', { name: 'Back to Handover' });
    expect(screen.getAllByRole('menuitem')).toHaveLength(1);
  });

  it('a deleted project offers Restore and Delete Permanently, not the status control', async () => {
    permissions = { project: ['read', 'update', 'delete', 'restore', 'delete-permanently'] };
    projects = [
      project(6, { isDeleted: true, deletedAt: '2026-03-03T04:30:00.000Z', deletedBy: ASHA }),
      project(7),
    ];
    const { unmount } = render(<App path={`/crm/projects/${hex(2006)}`} />);
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Permanently' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change Status' })).toBeNull();
    expect(screen.getByText(/This project was deleted on/)).toBeTruthy();
    const additional = screen.getByRole('region', { name: 'Additional Details' });
    expect(within(additional).getByText('Deleted On')).toBeTruthy();
    expect(within(additional).getByText('Deleted By')).toBeTruthy();
    unmount();

    render(<App path={`/crm/projects/${hex(2007)}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Project' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Project' });
    expect(confirm.textContent).toContain(PROJECT_MESSAGES.deleteText);
  });
});
