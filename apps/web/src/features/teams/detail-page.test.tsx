import { TEAM_MESSAGES } from '@karya/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith } from '../../test/harness';
import { ALL_TEAM_ACTIONS, App, ID, stubTeamNetwork, team } from './test-records';

let permissions = ALL_TEAM_ACTIONS;
let userActions = ['read'];
let current = team();

const calls = stubTeamNetwork(
  () => meWith({ team: permissions, user: userActions }),
  (method, url) => {
    const path = `/api/admin/teams/${ID.team}`;
    if (method === 'GET' && url === path) return envelope(current);
    if (method === 'DELETE' && url === path) {
      current = { ...current, isDeleted: true, deletedAt: '2026-03-18T10:00:00.000Z' };
      return envelope(null, 200, 'Team deleted successfully');
    }
    if (method === 'PATCH' && url === `${path}/restore`)
      return envelope(null, 200, 'Team restored successfully');
    if (method === 'DELETE' && url === `${path}/permanent`)
      return envelope(null, 200, 'Team deleted permanently');
    if (method === 'GET' && url.startsWith('/api/admin/teams?'))
      return envelope({ teams: [], teamsCount: 0, page: 1, limit: 20 });
    return undefined;
  },
);

const open = () => render(<App path={`/admin/teams/${ID.team}`} />);
const confirmDialog = () => screen.findByRole('dialog');

describe('team detail', { timeout: 60_000 }, () => {
  it('shows the name, description, members with links and roles, and the additional information', async () => {
    permissions = ALL_TEAM_ACTIONS;
    current = team();
    open();
    expect(await screen.findByRole('heading', { name: 'Robotics Crew' })).toBeTruthy();
    expect(screen.getByText('Builds the demo kits')).toBeTruthy();
    const asha = screen.getByRole('link', { name: 'Asha Rao' });
    expect(asha.getAttribute('href')).toBe(`/admin/users/${'1'.repeat(24)}`);
    const row = asha.closest('li') as HTMLElement;
    expect(within(row).getByText('Admin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update Team' }).getAttribute('href')).toBe(
      `/admin/teams/${ID.team}/update`,
    );
    expect(screen.getByRole('button', { name: 'Delete Team' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Additional Information' }));
    const created = await screen.findByText('Created On');
    expect(created.nextElementSibling?.textContent).toBe('01/03/2026');
    expect(screen.getByText('Created By').nextElementSibling?.textContent).toBe('Admin');
  });

  it("shows members as plain text to a user who may not open users' pages", async () => {
    permissions = ['read'];
    userActions = [];
    current = team();
    open();
    expect(await screen.findByRole('heading', { name: 'Robotics Crew' })).toBeTruthy();
    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Asha Rao' })).toBeNull();
    userActions = ['read'];
  });

  it("shows 'No description found' and only Restore and Permanently Delete for a deleted team", async () => {
    permissions = ALL_TEAM_ACTIONS;
    current = team({
      description: null,
      isDeleted: true,
      deletedAt: '2026-03-18T10:00:00.000Z',
      deletedBy: { _id: ID.admin, name: 'Admin' },
    });
    open();
    expect(await screen.findByText(TEAM_MESSAGES.noDescription)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Permanently Delete' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Update Team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Team' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('Restore Team')).toBeTruthy();
    expect(within(dialog).getByText('Are you sure you want to restore this team?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Team restored successfully')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH' && c.url.endsWith('/restore'))).toBe(true);
  });

  it('deletes permanently after confirmation and goes back to the list', async () => {
    permissions = ALL_TEAM_ACTIONS;
    current = team({ isDeleted: true, deletedAt: '2026-03-18T10:00:00.000Z' });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Permanently Delete' }));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('Permanently Delete Team')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this team permanently? Once deleted, it cannot be restored.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Permanently' }));
    expect(await screen.findByRole('heading', { name: 'Manage Teams' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/permanent'))).toBe(true);
  });

  it('deletes after confirmation and then shows the deleted state', async () => {
    permissions = ALL_TEAM_ACTIONS;
    current = team();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Team' }));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('Are you sure you want to delete this team?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Team deleted successfully')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeTruthy();
  });

  it('shows each action only with its permission', async () => {
    permissions = ['read'];
    current = team();
    open();
    await screen.findByRole('heading', { name: 'Robotics Crew' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/session')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Update Team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Team' })).toBeNull();
  });

  it("shows 'Team not found' when it does not exist", async () => {
    render(<App path={`/admin/teams/${'e'.repeat(24)}`} />);
    expect(await screen.findByText(TEAM_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to teams' }).getAttribute('href')).toBe('/admin/teams');
  });
});
