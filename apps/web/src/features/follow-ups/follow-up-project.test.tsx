import { FOLLOW_UP_MESSAGES, type FollowUpDto } from '@karya/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, ME_ID, recordStamps, Wrap } from '../../test/harness';
import {
  CUSTOMER,
  createFollowUp,
  pickRecord,
  reasonNetwork,
  renderReasonForm,
  SAVED,
  select,
} from './follow-up-reason-test-kit';
import { routes } from './routes';

const PROJECT = 'f'.repeat(24);
const calls = reasonNetwork({ project: ['suggestion', 'read'] }, (method, url) => {
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
  if (method === 'GET' && u.pathname === `/api/crm/follow-ups/${SAVED}`) return envelope(saved);
  return undefined;
});

const saved: FollowUpDto = {
  _id: SAVED,
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

describe('follow-up form: reason Project', { timeout: 60_000 }, () => {
  it("needs a project, picks one of the chosen customer's projects by number and sends it", async () => {
    await renderReasonForm();
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Project' }).disabled).toBe(false);
    select('Reason', 'Project');
    const picker = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Project' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Follow Up' }));
    expect(await screen.findByText(FOLLOW_UP_MESSAGES.projectRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const params = await pickRecord(calls, picker, {
      path: '/api/crm/projects/suggestion',
      text: 'PI0004',
      param: 'projectId',
      value: '4',
      option: 'PI0004 · Smart class installation',
    });
    expect(params.get('customerId')).toBe(CUSTOMER);
    expect(params.get('projectId')).toBe('4');

    expect(await createFollowUp(calls)).toMatchObject({
      customer: CUSTOMER,
      reason: 'Project',
      project: PROJECT,
    });
  });

  it('the detail links the project of a Project follow-up', async () => {
    render(
      <Wrap
        path={`/crm/follow-ups/${SAVED}`}
        signedIn
        routes={routes.map((r) => ({ ...r, path: `/${r.path}` }))}
      />,
    );
    const link = await screen.findByRole('link', { name: 'Open project' });
    expect(link.getAttribute('href')).toBe(`/crm/projects/${PROJECT}`);
  });
});
