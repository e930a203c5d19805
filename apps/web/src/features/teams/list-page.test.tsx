import { MESSAGES, TEAM_MESSAGES, type TeamDto } from '@karya/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, where } from '../../test/harness';
import { ALL_TEAM_ACTIONS, App, ID, stubTeamNetwork, team, USERS } from './test-records';

let permissions = ALL_TEAM_ACTIONS;
let teams: TeamDto[] = [];

const calls = stubTeamNetwork(
  () => meWith({ team: permissions, user: ['suggestion'] }),
  (method, url) => {
    if (method === 'GET' && url.startsWith('/api/admin/teams?'))
      return envelope({ teams, teamsCount: teams.length, page: 1, limit: 20 });
    if (method === 'GET' && url === `/api/admin/teams/${ID.team}`) return envelope(team());
    if (method === 'GET' && url.startsWith('/api/admin/teams/suggestion'))
      return envelope([{ _id: ID.team, name: 'Puri Field Sales' }]);
    return undefined;
  },
);

const listCalls = () =>
  calls
    .filter((c) => c.url.startsWith('/api/admin/teams?'))
    .map((c) => new URL(c.url, 'http://x').searchParams);

const onlyAdmins = team({
  name: 'Admins Only',
  members: [{ user: USERS[0]!, role: 'admin' }],
  membersCount: 1,
});
const onlyManagers = team({
  _id: 'b'.repeat(24),
  name: 'Managers Only',
  members: [
    { user: USERS[1]!, role: 'manager' },
    { user: USERS[2]!, role: 'member' },
  ],
  membersCount: 2,
});

describe('teams list', { timeout: 60_000 }, () => {
  it("shows each team's admins and managers, or 'No Admin in Team' / 'No Manager in Team'", async () => {
    permissions = ALL_TEAM_ACTIONS;
    teams = [onlyAdmins, onlyManagers];
    render(<App path="/admin/teams" />);
    const first = await screen.findByRole('article', { name: 'Admins Only' });
    expect(within(first).getByText('Asha Rao')).toBeTruthy();
    expect(within(first).getByText(TEAM_MESSAGES.noManager)).toBeTruthy();
    expect(within(first).getByText('1 member')).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Managers Only' });
    expect(within(second).getByText(TEAM_MESSAGES.noAdmin)).toBeTruthy();
    expect(within(second).getByText('Ravi Kumar')).toBeTruthy();
    expect(within(second).getByText('2 members')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Manage Teams' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open filters' })).toBeTruthy();

    // The page size defaults to 20.
    expect(listCalls()[0]!.get('limit')).toBe('20');

    // A click anywhere on a card opens the team.
    fireEvent.click(within(first).getByText(TEAM_MESSAGES.noManager));
    expect(await screen.findByRole('heading', { name: 'Team Details' })).toBeTruthy();
  });

  it('offers Create Team only with create on team', async () => {
    permissions = ALL_TEAM_ACTIONS;
    teams = [onlyAdmins];
    render(<App path="/admin/teams" />);
    const create = await screen.findByRole('link', { name: 'Create Team' });
    expect(create.getAttribute('href')).toBe('/admin/teams/create');

    cleanup();
    // Restore shows the Deleted filter: once it is there, the session has loaded.
    permissions = ['read', 'restore'];
    render(<App path="/admin/teams#filter" />);
    await screen.findByRole('checkbox', { name: /Deleted/ });
    expect(screen.queryByRole('link', { name: 'Create Team' })).toBeNull();
  });

  it("shows 'No data found' when empty, and reads the saved page size and filters", async () => {
    permissions = ALL_TEAM_ACTIONS;
    teams = [];
    localStorage.setItem('teamLimit', '50');
    localStorage.setItem('teamFilters', JSON.stringify({ isDeleted: true, name: 'robo' }));
    render(<App path="/admin/teams" />);
    expect(await screen.findByText(MESSAGES.noDataFound)).toBeTruthy();
    expect(screen.getByText('Deleted teams')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    const params = listCalls().at(-1)!;
    expect(params.get('limit')).toBe('50');
    expect(params.get('filters[isDeleted]')).toBe('true');
    expect(params.get('filters[name]')).toBe('robo');
  });

  it('filters from the Filter Teams panel and saves them under teamFilters', async () => {
    permissions = ALL_TEAM_ACTIONS;
    teams = [onlyAdmins];
    render(<App path="/admin/teams#filter" />);
    const panel = await screen.findByRole('dialog', { name: 'Filter Teams' });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Name' }), { target: { value: 'Crew' } });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Members count min' }), {
      target: { value: '2' },
    });
    fireEvent.click(await within(panel).findByRole('checkbox', { name: /Deleted/ }));
    fireEvent.click(within(panel).getByRole('textbox', { name: 'Members' }));
    fireEvent.click(await screen.findByRole('option', { name: /Asha Rao/ }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listCalls().at(-1)!.get('filters[name]')).toBe('Crew'));
    const params = listCalls().at(-1)!;
    expect(params.get('filters[membersCount][min]')).toBe('2');
    expect(params.get('filters[isDeleted]')).toBe('true');
    expect(params.getAll('filters[members][]')).toEqual([ID.asha]);
    expect(JSON.parse(localStorage.getItem('teamFilters') ?? '{}')).toEqual({
      name: 'Crew',
      membersCount: { min: 2 },
      isDeleted: true,
      members: [ID.asha],
    });
    expect(await screen.findByText('Deleted teams')).toBeTruthy();
  });

  it('hides the Deleted filters without restore on team', async () => {
    permissions = ['read', 'create'];
    teams = [];
    render(<App path="/admin/teams#filter" />);
    const panel = await screen.findByRole('dialog', { name: 'Filter Teams' });
    // Create Team shows once the session has loaded.
    await screen.findByRole('link', { name: 'Create Team', hidden: true });
    expect(within(panel).getByRole('textbox', { name: 'Description' })).toBeTruthy();
    expect(within(panel).queryByRole('checkbox', { name: /Deleted/ })).toBeNull();
  });

  it('finds a team by name from the Ctrl+K palette (needs suggestion on team)', async () => {
    permissions = [...ALL_TEAM_ACTIONS, 'suggestion'];
    teams = [onlyAdmins];
    render(<App path="/admin/teams" />);
    await screen.findByRole('article', { name: 'Admins Only' });
    fireEvent.keyDown(document.documentElement, { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: 'Search teams' });
    fireEvent.change(input, { target: { value: 'Puri' } });
    await waitFor(
      () => expect(calls.some((c) => c.url.startsWith('/api/admin/teams/suggestion?name=Puri'))).toBe(true),
      { timeout: 3000 },
    );
    await screen.findByText('Puri Field Sales');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(where.pathname).toBe(`/admin/teams/${ID.team}`));
  });

  it('has no search without suggestion on team', async () => {
    permissions = ALL_TEAM_ACTIONS;
    teams = [onlyAdmins];
    render(<App path="/admin/teams" />);
    await screen.findByRole('article', { name: 'Admins Only' });
    expect(screen.queryByRole('button', { name: /Search/ })).toBeNull();
  });
});
