import type { HistoryEntryDto } from '@karya/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, stubNetwork, Wrap } from '../../test/harness';
import { formatDateTime } from './format';
import { formatHistoryValue, HistorySection, relativeTime } from './history-section';

const ID = 'b'.repeat(24);
const PATH = `/hrm/tasks/${ID}/history`;
const RAVI = { _id: 'c'.repeat(24), name: 'Ravi Kumar' };

const entry = (n: number, over: Partial<HistoryEntryDto> = {}): HistoryEntryDto => ({
  _id: `e${String(n).padStart(23, '0')}`,
  entity: 'task',
  recordId: ID,
  action: 'update',
  bulk: false,
  at: new Date(Date.UTC(2026, 2, 1, 4, 30) + n * 60_000).toISOString(),
  by: RAVI,
  device: null,
  location: null,
  title: 'Visit DAV School',
  changes: [{ field: 'status', label: 'Status', from: 'Pending', to: `Step ${n}` }],
  ...over,
});

let canReadUsers = true;
let pages: Record<string, HistoryEntryDto[]> = {};
let total = 0;
let failures = 0;

const calls = stubNetwork(
  () => meWith(canReadUsers ? { task: ['read'], user: ['read'] } : { task: ['read'] }),
  (method, url) => {
    if (method !== 'GET' || !url.startsWith(`/api${PATH}`)) return undefined;
    if (failures > 0) {
      failures -= 1;
      return envelope(null, 500, 'Boom');
    }
    const page = new URL(url, 'http://x').searchParams.get('page') ?? '1';
    return envelope({ history: pages[page] ?? [], historyCount: total, page: Number(page), limit: 20 });
  },
);

const show = () =>
  render(
    <Wrap path="/hrm/tasks/x" signedIn>
      <HistorySection source={{ path: PATH, queryKey: ['tasks', 'detail', ID, 'history'] }} />
    </Wrap>,
  );

const open = async () => fireEvent.click(await screen.findByRole('button', { name: 'History' }));
const historyCalls = () => calls.filter((c) => c.url.includes('/history'));

describe('HistorySection', () => {
  it('loads nothing until opened, then shows each entry: who, action, when, device, changes', async () => {
    canReadUsers = true;
    failures = 0;
    total = 3;
    pages = {
      1: [
        entry(3, {
          action: 'update',
          device: { os: 'Android', browser: 'Chrome', device: 'Mobile', model: 'Pixel 8' },
          location: { type: 'Point', coordinates: [20.2961, 85.8245] },
          changes: [
            { field: 'password', label: 'Password', from: null, to: null, redacted: true },
            {
              field: 'assignedTo',
              label: 'Assigned to',
              from: [{ _id: '1', name: 'Asha' }],
              to: [
                { _id: '1', name: 'Asha' },
                { _id: '2', name: 'Bikash' },
              ],
            },
          ],
        }),
        entry(2, { action: 'delete', bulk: true, changes: [] }),
        entry(1, { action: 'create', by: null }),
      ],
    };
    show();
    await screen.findByRole('button', { name: 'History' });
    expect(historyCalls()).toHaveLength(0);
    await open();
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(historyCalls()[0]!.url).toBe(`/api${PATH}?page=1&limit=20`);
    const items = within(list).getAllByRole('listitem', { name: /by/ });
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Updated by Ravi Kumar',
      'Deleted by Ravi Kumar',
      'Created by System',
    ]);
    const first = items[0]!;
    expect(within(first).getByRole('link', { name: 'Ravi Kumar' }).getAttribute('href')).toBe(
      `/admin/users/${RAVI._id}`,
    );
    expect(
      within(first).getByText(/Chrome on Android \(Mobile\) · signed in near 20\.296, 85\.825/),
    ).toBeTruthy();
    expect(first.textContent).toContain('Password: changed');
    expect(first.textContent).toContain('Assigned to: Asha → Asha, Bikash');
    expect(first.textContent).toContain(formatDateTime(entry(3).at));
    expect(within(first).getByText(relativeTime(entry(3).at)).tagName).toBe('TIME');
    expect(within(items[1]!).getByText('Bulk action')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('names people as plain text to a viewer who cannot read users', async () => {
    canReadUsers = false;
    failures = 0;
    total = 1;
    pages = { 1: [entry(1)] };
    show();
    await open();
    await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(screen.getByText('Ravi Kumar')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ravi Kumar' })).toBeNull();
  });

  it('pages with Load more, keeping newest first', async () => {
    canReadUsers = true;
    failures = 0;
    total = 21;
    pages = {
      1: Array.from({ length: 20 }, (_, i) => entry(21 - i)),
      2: [entry(0, { changes: [{ field: 'status', label: 'Status', from: null, to: 'Oldest' }] })],
    };
    show();
    await open();
    await screen.findByText('20 of 21');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('21 of 21')).toBeTruthy();
    expect(historyCalls().map((c) => c.url)).toEqual([
      `/api${PATH}?page=1&limit=20`,
      `/api${PATH}?page=2&limit=20`,
    ]);
    const items = within(screen.getByRole('list', { name: 'Changes, newest first' })).getAllByRole(
      'listitem',
      {
        name: /by/,
      },
    );
    expect(items.at(-1)!.textContent).toContain('Status: - → Oldest');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there is nothing, and offers a retry when loading fails', async () => {
    canReadUsers = true;
    total = 0;
    pages = {};
    failures = 1;
    show();
    await open();
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
  });
});

describe('formatHistoryValue', () => {
  it('reads references, members, lists, objects and empties', () => {
    expect(formatHistoryValue(null)).toBe('-');
    expect(formatHistoryValue([])).toBe('-');
    expect(formatHistoryValue(true)).toBe('Yes');
    expect(formatHistoryValue(6)).toBe('6');
    expect(formatHistoryValue([{ _id: '1', name: 'Asha', role: 'admin' }])).toBe('Asha (admin)');
    expect(formatHistoryValue({ city: 'Puri', state: 'Odisha', zipCode: null })).toBe('Puri, Odisha');
    expect(formatHistoryValue(['English', 'Odia'])).toBe('English, Odia');
  });

  it('says when relative to now', () => {
    const now = Date.UTC(2026, 2, 1, 12);
    expect(relativeTime(new Date(now - 5 * 60_000).toISOString(), now)).toBe('5 minutes ago');
    expect(relativeTime(new Date(now - 24 * 3600_000).toISOString(), now)).toBe('yesterday');
  });
});
