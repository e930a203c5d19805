import { FOLLOW_UP_MESSAGES, type FollowUpDto } from '@karya/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, ME_ID, meWith, recordStamps, stubNetwork, Wrap, where } from '../../test/harness';
import { FollowUpForm } from './follow-up-form';
import { routes } from './routes';

const CUSTOMER = 'c'.repeat(24);
const PROJECT = 'f'.repeat(24);
const calls = stubNetwork(
  () =>
    meWith({
      'follow-up': ['create', 'read'],
      customer: ['suggestion'],
      user: ['suggestion'],
      project: ['suggestion', 'read'],
    }),
  (method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/crm/projects/suggestion')
      return envelope([
        {
          _id: PROJECT,
          projectId: 4,
          title: 'Smart class installation',
          status: 'Installation',
          customer: { _id: CUSTOMER, name: 'DAV Public School' },
        },
      ]);
    if (method === 'GET' && u.pathname === `/api/crm/follow-ups/${'d'.repeat(24)}`) return envelope(saved);
    if (method === 'POST' && u.pathname === '/api/crm/follow-ups')
      return envelope({ _id: 'd'.repeat(24), ...recordStamps }, 201, 'Follow-up created successfully');
    return undefined;
  },
);

const saved: FollowUpDto = {
  _id: 'd'.repeat(24),
  followUpId: 12,
  customer: { _id: CUSTOMER, customerId: 3, name: 'DAV Public School' },
  type: 'Call',
  reason: 'Project',
  requirement: null,
  quotation: null,
  project: PROJECT,
  otherReason: null,
  date: '2026-11-20',
  time: '10:30',
  visitors: [],
  followUpBy: { _id: ME_ID, name: 'Asha Admin' },
  status: 'Completed',
  response: null,
  remarks: null,
  nextFollowUp: null,
  updatedBy: null,
  createdBy: { _id: ME_ID, name: 'Asha Admin' },
  ...recordStamps,
};

const select = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });

describe('follow-up form: reason Project', { timeout: 60_000 }, () => {
  it("needs a project, picks one of the chosen customer's projects by number and sends it", async () => {
    render(
      <Wrap path="/crm/follow-ups/create" signedIn>
        <FollowUpForm
          prefill={{
            customerId: CUSTOMER,
            names: { [CUSTOMER]: 'CI0003 · DAV Public School' },
            followUpType: 'Call',
            followUpBy: ME_ID,
            date: '2026-11-20',
            time: '10:30',
          }}
        />
      </Wrap>,
    );
    await screen.findByRole('combobox', { name: 'Reason' });
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Project' }).disabled).toBe(false);
    select('Reason', 'Project');
    const picker = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Project' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Follow Up' }));
    expect(await screen.findByText(FOLLOW_UP_MESSAGES.projectRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'PI0004' } });
    await waitFor(() => expect(calls.some((c) => c.url.includes('projectId=4'))).toBe(true), {
      timeout: 5000,
    });
    fireEvent.click(
      await screen.findByRole('option', { name: 'PI0004 · Smart class installation' }, { timeout: 5000 }),
    );
    const search = calls.find(
      (c) => c.url.startsWith('/api/crm/projects/suggestion') && c.url.includes('projectId'),
    );
    const params = new URLSearchParams(search?.url.split('?')[1]);
    expect(params.get('customerId')).toBe(CUSTOMER);
    expect(params.get('projectId')).toBe('4');

    fireEvent.click(screen.getByRole('button', { name: 'Create Follow Up' }));
    await waitFor(() => expect(where.pathname).toBe(`/crm/follow-ups/${'d'.repeat(24)}`));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ customer: CUSTOMER, reason: 'Project', project: PROJECT });
  });

  it('the detail links the project of a Project follow-up', async () => {
    render(
      <Wrap
        path={`/crm/follow-ups/${'d'.repeat(24)}`}
        signedIn
        routes={routes.map((r) => ({ ...r, path: `/${r.path}` }))}
      />,
    );
    const link = await screen.findByRole('link', { name: 'Open project' });
    expect(link.getAttribute('href')).toBe(`/crm/projects/${PROJECT}`);
  });
});
