import { TEAM_MESSAGES } from '@karya/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, pick, type } from '../../test/harness';
import { ALL_TEAM_ACTIONS, App, ID, stubTeamNetwork, team } from './test-records';

const me = meWith({ team: ALL_TEAM_ACTIONS, user: ['suggestion'] });

const calls = stubTeamNetwork(
  () => me,
  (method, url) => {
    if (method === 'POST' && url === '/api/admin/teams')
      return envelope({ _id: ID.team }, 201, 'Team created successfully');
    if (method === 'PATCH' && url === `/api/admin/teams/${ID.team}`)
      return envelope({ _id: ID.team }, 200, 'Team updated successfully');
    if (method === 'GET' && url === `/api/admin/teams/${ID.team}`) return envelope(team());
    return undefined;
  },
);

const userInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'User' });
/** The session has loaded once the picker is searchable. */
const ready = () => waitFor(() => expect(userInput().disabled).toBe(false));

const addMember = async (name: RegExp, role: string) => {
  await pick('User', name);
  await pick('Role', role);
  // The button waits (with a loader) for the form's validation module, downloaded as the form renders.
  const add = screen.getByRole('button', { name: 'Add member' });
  await waitFor(() => expect(add.hasAttribute('data-loading')).toBe(false));
  fireEvent.click(add);
};

const memberRows = () => {
  const list = screen.queryByRole('list', { name: 'Team members' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];
};

const submitted = (method: string) =>
  calls.filter((c) => c.method === method && c.url.startsWith('/api/admin/teams'));

describe('team form: members editor', { timeout: 60_000 }, () => {
  it("adds members, refuses a user already in the team with 'User already in team', removes one", async () => {
    render(<App path="/admin/teams/create" />);
    expect(await screen.findByRole('heading', { name: 'Create Team' })).toBeTruthy();
    await ready();

    await addMember(/Asha Rao/, 'Admin');
    await addMember(/Ravi Kumar/, 'Member');
    expect(memberRows()).toEqual([
      expect.stringContaining('Asha Rao'),
      expect.stringContaining('Ravi Kumar'),
    ]);
    // The picker is empty again after an add.
    expect(userInput().value).toBe('');

    // Asha again: refused with the field error, nothing added.
    await pick('User', /Asha Rao/);
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    expect(screen.getByText(TEAM_MESSAGES.userAlreadyInTeam)).toBeTruthy();
    expect(userInput().getAttribute('aria-invalid')).toBe('true');
    expect(memberRows()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Ravi Kumar' }));
    expect(memberRows()).toEqual([expect.stringContaining('Asha Rao')]);
  });

  it('changes a member role and sends {name, description, members}, then opens the team', async () => {
    render(<App path="/admin/teams/create" />);
    await screen.findByRole('heading', { name: 'Create Team' });
    await ready();
    await addMember(/Asha Rao/, 'Admin');
    await addMember(/Ravi Kumar/, 'Member');
    await pick('Membership of Ravi Kumar', 'Manager');

    type('Team Name', '  Robotics Crew ');
    type('Description', 'Builds the demo kits');
    fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));

    await waitFor(() => expect(submitted('POST')).toHaveLength(1));
    expect(submitted('POST')[0]!.body).toEqual({
      name: 'Robotics Crew',
      description: 'Builds the demo kits',
      members: [
        { user: ID.asha, role: 'admin' },
        { user: ID.ravi, role: 'manager' },
      ],
    });
    expect(await screen.findByText('Team created successfully')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Team Details' })).toBeTruthy();
  });

  it('asks for a user and a role before adding', async () => {
    render(<App path="/admin/teams/create" />);
    await screen.findByRole('heading', { name: 'Create Team' });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    expect(screen.getByText(TEAM_MESSAGES.userRequired)).toBeTruthy();
    expect(screen.getByText(TEAM_MESSAGES.roleRequired)).toBeTruthy();
    expect(memberRows()).toHaveLength(0);
  });
});

describe('team form: validation and submit', { timeout: 60_000 }, () => {
  it('shows the schema messages and sends nothing', async () => {
    render(<App path="/admin/teams/create" />);
    await screen.findByRole('heading', { name: 'Create Team' });
    type('Team Name', 'AB');
    fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByText(TEAM_MESSAGES.nameTooShort)).toBeTruthy();
    expect(screen.getByText(TEAM_MESSAGES.membersRequired)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Team Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(submitted('POST')).toHaveLength(0);
  });

  it('adds a user and role picked but not added when the form is submitted', async () => {
    render(<App path="/admin/teams/create" />);
    await screen.findByRole('heading', { name: 'Create Team' });
    await ready();
    type('Team Name', 'Field Sales');
    await addMember(/Asha Rao/, 'Admin');
    await pick('User', /Ravi Kumar/);
    await pick('Role', 'Member');
    fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    await waitFor(() => expect(submitted('POST')).toHaveLength(1));
    expect((submitted('POST')[0]!.body as { members: unknown[] }).members).toHaveLength(2);
  });

  it('names a picked user it cannot add (no role) above the pickers, and sends nothing', async () => {
    render(<App path="/admin/teams/create" />);
    await screen.findByRole('heading', { name: 'Create Team' });
    await ready();
    type('Team Name', 'Field Sales');
    await pick('User', /Ravi Kumar/);
    fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    const alert = await screen.findByText(/Ravi Kumar is picked but not added/);
    expect(screen.getByText(TEAM_MESSAGES.roleRequired)).toBeTruthy();
    // The message comes before the pickers, whose dropdowns open below them.
    const userPicker = userInput();
    expect(alert.compareDocumentPosition(userPicker) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(submitted('POST')).toHaveLength(0);
    // Choosing a role clears the role message; the submit then adds Ravi and sends.
    await pick('Role', 'Member');
    expect(screen.queryByText(TEAM_MESSAGES.roleRequired)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    await waitFor(() => expect(submitted('POST')).toHaveLength(1));
  });

  it("clears 'User already in team' once that member is removed, and the members message once one is added", async () => {
    render(<App path="/admin/teams/create" />);
    await screen.findByRole('heading', { name: 'Create Team' });
    await ready();
    type('Team Name', 'Field Sales');
    fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    const required = await screen.findByText(TEAM_MESSAGES.membersRequired);
    expect(required.compareDocumentPosition(userInput()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await addMember(/Asha Rao/, 'Admin');
    await waitFor(() => expect(screen.queryByText(TEAM_MESSAGES.membersRequired)).toBeNull());
    await pick('User', /Asha Rao/);
    fireEvent.click(screen.getByRole('button', { name: 'Add member' }));
    expect(screen.getByText(TEAM_MESSAGES.userAlreadyInTeam)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Remove Asha Rao/ }));
    await waitFor(() => expect(screen.queryByText(TEAM_MESSAGES.userAlreadyInTeam)).toBeNull());
  });

  it('ignores a repeat submit while the call runs', async () => {
    render(<App path="/admin/teams/create" />);
    await screen.findByRole('heading', { name: 'Create Team' });
    await ready();
    await addMember(/Asha Rao/, 'Admin');
    type('Team Name', 'Robotics Crew');
    const submit = screen.getByRole('button', { name: 'Create Team' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.click(submit);
    await screen.findByRole('heading', { name: 'Team Details' });
    expect(submitted('POST')).toHaveLength(1);
    // No description given: none is sent.
    expect(submitted('POST')[0]!.body).toEqual({
      name: 'Robotics Crew',
      members: [{ user: ID.asha, role: 'admin' }],
    });
  });

  it('update loads the team and sends only what changed, the members as the whole list', async () => {
    render(<App path={`/admin/teams/${ID.team}/update`} />);
    await screen.findByRole('heading', { name: 'Update Team' });
    const name = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Team Name' });
    expect(name.value).toBe('Robotics Crew');
    expect(memberRows()).toEqual([
      expect.stringContaining('Asha Rao'),
      expect.stringContaining('Ravi Kumar'),
    ]);
    await ready();

    // Only the description: members and name are left out.
    type('Description', '');
    fireEvent.click(screen.getByRole('button', { name: 'Update Team' }));
    await waitFor(() => expect(submitted('PATCH')).toHaveLength(1));
    expect(submitted('PATCH')[0]!.body).toEqual({ description: null });
    await screen.findByRole('heading', { name: 'Team Details' });
  });

  it('update sends the whole members list when a role changes', async () => {
    render(<App path={`/admin/teams/${ID.team}/update`} />);
    await screen.findByRole('textbox', { name: 'Team Name' });
    await ready();
    await pick('Membership of Ravi Kumar', 'Manager');
    fireEvent.click(screen.getByRole('button', { name: 'Update Team' }));
    await waitFor(() => expect(submitted('PATCH')).toHaveLength(1));
    expect(submitted('PATCH')[0]!.body).toEqual({
      members: [
        { user: ID.asha, role: 'admin' },
        { user: ID.ravi, role: 'manager' },
      ],
    });
    expect(await screen.findByText('Team updated successfully')).toBeTruthy();
  });

  it('keeps a draft across a reload, the members with their names', async () => {
    render(<App path="/admin/teams/create" />);
    await screen.findByRole('heading', { name: 'Create Team' });
    await ready();
    await addMember(/Asha Rao/, 'Manager');
    type('Team Name', 'Draft Crew');
    await waitFor(() => expect(sessionStorage.length).toBe(1), { timeout: 2000 });
    cleanup();

    render(<App path="/admin/teams/create" />);
    // Offered, then restored when asked.
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Unsaved changes restored')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Team Name' }).value).toBe('Draft Crew');
    expect(memberRows()).toEqual([expect.stringContaining('Asha Rao')]);
  });

  it("shows 'Team not found' for a missing team", async () => {
    render(<App path={`/admin/teams/${'e'.repeat(24)}/update`} />);
    expect(await screen.findByText(TEAM_MESSAGES.notFound)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Team Name' })).toBeNull();
  });
});
