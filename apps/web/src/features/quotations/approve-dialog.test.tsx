import { PROJECT_MESSAGES, type QuotationDto } from '@karya/domain';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap, where } from '../../test/harness';
import { pickedFile } from '../items/test-records';
import { routes } from './routes';
import { hex, quotation } from './test-records';

configure({ asyncUtilTimeout: 15000 });

let permissions: Record<string, string[]> = {};
let quotations: QuotationDto[] = [];
const APPROVED = () =>
  envelope({ _id: hex(2001), projectId: 1, quotation: hex(9) }, 201, PROJECT_MESSAGES.approved);
let approveAnswer: () => Response = APPROVED;

const calls = stubNetwork(
  () => meWith(permissions),
  (method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'POST' && u.pathname === '/api/crm/projects') return approveAnswer();
    const one = /^\/api\/crm\/quotations\/([0-9a-f]{24})$/.exec(u.pathname);
    if (one && method === 'GET') {
      const found = quotations.find((q) => q._id === one[1]);
      return found ? envelope(found) : envelope(null, 404, 'Quotation not found');
    }
    return undefined;
  },
);

/** Where the rejection analysis form will be (another page): what it was opened with. */
const StateProbe = () => <pre data-testid="state">{JSON.stringify(useLocation().state)}</pre>;

const App = ({ path }: { path: string }) => (
  <Wrap
    path={path}
    signedIn
    routes={[
      ...routes.map((r) => ({ ...r, path: `/${r.path}` })),
      { path: '/crm/quotations/:id/rejection-analysis', element: <StateProbe /> },
    ]}
  />
);

/** Quotation n whose active version is its original Draft, with no review: it may be decided. */
const decidable = (n: number) => {
  const q = quotation(n);
  const v0 = { ...q.versions[1]!, status: 'Draft' as const, nextVersion: null };
  return quotation(n, { activeVersion: v0, versions: [v0] });
};
const DECIDE = { quotation: ['read'], project: ['create', 'read'], 'rejection-analysis': ['create'] };
const openActions = async () => fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
const fileInput = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText<HTMLInputElement>(label, { selector: 'input' });
const choose = (input: HTMLInputElement, file: File) =>
  fireEvent.change(input, { target: { files: [file] } });
const posts = () => calls.filter((c) => c.method === 'POST');

describe('quotation Approved', { timeout: 60_000 }, () => {
  it('asks for both PDFs, refuses other files, sends the multipart and opens the new project', async () => {
    permissions = DECIDE;
    quotations = [decidable(9)];
    approveAnswer = APPROVED;
    // The upload waits until the test lets it finish, so the progress can be seen.
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    render(<App path={`/crm/quotations/${hex(9)}`} />);
    await openActions();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Approved' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Quotation' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(PROJECT_MESSAGES.agreementRequired)).toBeTruthy();
    expect(within(dialog).getByText(PROJECT_MESSAGES.purchaseOrderRequired)).toBeTruthy();
    expect(posts()).toEqual([]);

    const agreement = fileInput(dialog, 'Agreement file');
    const purchaseOrder = fileInput(dialog, 'Purchase order file');
    choose(agreement, pickedFile('agreement.docx', 'application/msword'));
    expect(await within(dialog).findByText('Agreement file must be a PDF file.')).toBeTruthy();
    choose(purchaseOrder, pickedFile('po.pdf', 'application/pdf', 5 * 1024 * 1024 + 1));
    expect(await within(dialog).findByText('Purchase order file must be at most 5 MB.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(posts()).toEqual([]);

    choose(agreement, pickedFile('agreement.pdf', 'application/pdf'));
    choose(purchaseOrder, pickedFile('po.pdf', 'application/pdf'));
    expect(within(dialog).getByText('agreement.pdf')).toBeTruthy();
    expect(within(dialog).getByText('po.pdf')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url === '/api/crm/projects') await gate;
      return stubbed(url, init);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Uploading the files…')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar')).toBeTruthy();
    finish();

    await waitFor(() => expect(where.pathname).toBe(`/crm/projects/${hex(2001)}`));
    expect(await screen.findByText(PROJECT_MESSAGES.approved)).toBeTruthy();
    const [post] = posts();
    expect(post?.url).toBe('/api/crm/projects');
    const body = post?.body as FormData;
    expect(body.get('quotation')).toBe(hex(9));
    expect((body.get('agreementFile') as File).name).toBe('agreement.pdf');
    expect((body.get('purchaseOrderFile') as File).name).toBe('po.pdf');
  });

  it('pressed again after a lost answer, sends the same Idempotency-Key and shows the success', async () => {
    permissions = DECIDE;
    quotations = [decidable(15)];
    approveAnswer = APPROVED;
    const keys: string[] = [];
    let lose = true;
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url === '/api/crm/projects') {
        keys.push((init?.headers as Record<string, string> | undefined)?.['idempotency-key'] ?? '');
        // The server approved, but the answer never arrived.
        if (lose) {
          lose = false;
          throw new TypeError('Failed to fetch');
        }
      }
      return stubbed(url, init);
    });
    render(<App path={`/crm/quotations/${hex(15)}`} />);
    await openActions();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Approved' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Quotation' });
    choose(fileInput(dialog, 'Agreement file'), pickedFile('a.pdf', 'application/pdf'));
    choose(fileInput(dialog, 'Purchase order file'), pickedFile('b.pdf', 'application/pdf'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    // Still open, the files still chosen: Approve again.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(false),
    );
    expect(within(dialog).getByText('a.pdf')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(where.pathname).toBe(`/crm/projects/${hex(2001)}`));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the dialog open with the server’s message when the approval is refused', async () => {
    permissions = DECIDE;
    quotations = [decidable(10)];
    approveAnswer = () => envelope(null, 409, PROJECT_MESSAGES.alreadyApproved);
    render(<App path={`/crm/quotations/${hex(10)}`} />);
    await openActions();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Approved' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Quotation' });
    choose(fileInput(dialog, 'Agreement file'), pickedFile('a.pdf', 'application/pdf'));
    choose(fileInput(dialog, 'Purchase order file'), pickedFile('b.pdf', 'application/pdf'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findAllByText(PROJECT_MESSAGES.alreadyApproved)).length).toBeGreaterThan(0);
    expect(where.pathname).toBe(`/crm/quotations/${hex(10)}`);
    expect(screen.getByRole('dialog', { name: 'Approve Quotation' })).toBeTruthy();
  });
});

describe('quotation Rejected and the decision rules', { timeout: 60_000 }, () => {
  it('Rejected opens the rejection analysis form with the quotation and its version', async () => {
    permissions = DECIDE;
    quotations = [decidable(11)];
    render(<App path={`/crm/quotations/${hex(11)}`} />);
    await openActions();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rejected' }));
    await waitFor(() => expect(where.pathname).toBe(`/crm/quotations/${hex(11)}/rejection-analysis`));
    expect(JSON.parse((await screen.findByTestId('state')).textContent ?? '')).toEqual({
      quotation: hex(11),
      quotationVersionId: hex(1100),
    });
  });

  it('each entry by its permission; waiting for review disabled with the reason; none once decided', async () => {
    permissions = { quotation: ['read'], 'rejection-analysis': ['create'] };
    quotations = [decidable(12)];
    const { unmount } = render(<App path={`/crm/quotations/${hex(12)}`} />);
    await openActions();
    expect(await screen.findByRole('menuitem', { name: 'Rejected' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Approved' })).toBeNull();
    unmount();

    // The re-quotation R1 is active and its review is pending (test-records).
    permissions = DECIDE;
    quotations = [quotation(13)];
    const second = render(<App path={`/crm/quotations/${hex(13)}`} />);
    await openActions();
    const approved = await screen.findByRole('menuitem', { name: 'Approved' });
    expect(approved.hasAttribute('disabled') || approved.getAttribute('data-disabled') === 'true').toBe(true);
    const rejected = screen.getByRole('menuitem', { name: 'Rejected' });
    expect(rejected.hasAttribute('disabled') || rejected.getAttribute('data-disabled') === 'true').toBe(true);
    fireEvent.mouseEnter(approved.parentElement!);
    expect(await screen.findByText(PROJECT_MESSAGES.awaitingReview)).toBeTruthy();
    second.unmount();

    const q = decidable(14);
    const approvedVersion = { ...q.activeVersion, status: 'Approved' as const };
    quotations = [{ ...q, activeVersion: approvedVersion, versions: [approvedVersion] }];
    render(<App path={`/crm/quotations/${hex(14)}`} />);
    // Nothing left to decide and nothing else permitted: no Actions menu at all.
    await screen.findByRole('heading', { name: 'ARR/0014' });
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
  });
});
