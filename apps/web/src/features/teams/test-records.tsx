import type { MeDto, TeamDto } from '@karya/domain';
import { configure } from '@testing-library/react';
import { type Answer, envelope, ME_ID, recordStamps, stubNetwork, Wrap } from '../../test/harness';
import { routes } from './routes';

/** Shared by the teams tests: the teams and users they show, the network and the teams routes. */

// Whole pages render slowly in jsdom (more so on a busy machine): waits get more than the default second.
configure({ asyncUtilTimeout: 5000 });

export const ID = {
  admin: ME_ID,
  asha: '1'.repeat(24),
  ravi: '2'.repeat(24),
  mita: '3'.repeat(24),
  team: 'f'.repeat(24),
};

export const USERS = [
  { _id: ID.asha, name: 'Asha Rao', email: 'asha@example.com', image: null },
  { _id: ID.ravi, name: 'Ravi Kumar', email: 'ravi@example.com', image: null },
  { _id: ID.mita, name: 'Mita Das', email: 'mita@example.com', image: null },
];

export const ALL_TEAM_ACTIONS = ['create', 'read', 'update', 'delete', 'restore', 'delete-permanently'];

export const team = (overrides: Partial<TeamDto> = {}): TeamDto => ({
  _id: ID.team,
  name: 'Robotics Crew',
  description: 'Builds the demo kits',
  members: [
    { user: USERS[0]!, role: 'admin' },
    { user: USERS[1]!, role: 'member' },
  ],
  membersCount: 2,
  createdBy: { _id: ID.admin, name: 'Admin' },
  ...recordStamps,
  ...overrides,
});

/** The network of the teams tests: user suggestions are USERS filtered by name, `answer` gives the rest. */
export const stubTeamNetwork = (me: () => MeDto, answer: Answer) =>
  stubNetwork(me, (method, url, body) => {
    if (!url.startsWith('/api/admin/users/suggestion')) return answer(method, url, body);
    const name = new URL(url, 'http://x').searchParams.get('name')?.toLowerCase() ?? '';
    return envelope(USERS.filter((u) => u.name.toLowerCase().includes(name)));
  });

/** The teams routes at `path`, as in the app; a member's link leads to a stand-in user page. */
export const App = ({ path }: { path: string }) => (
  <Wrap
    path={path}
    routes={[
      ...routes.map((r) => ({ ...r, path: `/${r.path}` })),
      { path: '/admin/users/:id', element: <p>User detail</p> },
    ]}
  />
);
