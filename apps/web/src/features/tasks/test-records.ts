import type { TaskDto, UserSuggestionDto } from '@karya/domain';
import { beforeEach } from 'vitest';
import {
  type Answer,
  type Call,
  envelope,
  ME_ID,
  meWith,
  recordStamps,
  stubNetwork,
} from '../../test/harness';

/** Shared by the task tests: a task to show and the network as each test sets it. */

export const task = (overrides: Partial<TaskDto> = {}): TaskDto => ({
  _id: 'b'.repeat(24),
  title: 'Call the school',
  description: null,
  status: 'Scheduled',
  priority: 'Medium',
  date: '2026-03-10',
  time: '14:30:00',
  deadline: null,
  reason: null,
  assignedTo: [{ _id: ME_ID, name: 'Asha Admin' }],
  assignedBy: { _id: ME_ID, name: 'Asha Admin' },
  createdBy: { _id: ME_ID, name: 'Asha Admin' },
  ...recordStamps,
  ...overrides,
});

/**
 * The network for every test of the file, set per test: the session is `session.me`, user suggestions
 * answer `session.users` and `session.answer` gives the rest (both reset before each test). The calls
 * are in `session.calls`.
 */
export const stubTaskNetwork = () => {
  const session: {
    me: ReturnType<typeof meWith>;
    users: UserSuggestionDto[];
    answer: Answer;
    calls: Call[];
  } = { me: meWith({}), users: [], answer: () => undefined, calls: [] };
  session.calls = stubNetwork(
    () => session.me,
    (method, url, body) =>
      url.startsWith('/api/admin/users/suggestion')
        ? envelope(session.users)
        : session.answer(method, url, body),
  );
  beforeEach(() => {
    session.users = [];
    session.answer = () => undefined;
  });
  return session;
};
