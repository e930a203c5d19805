// What the team list page and its cards need at first paint, kept free of zod: the entity module (team.ts)
// builds its schemas at module level, which a bundler must keep once anything of that module is imported.
import { defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';

/** Spec 3 §5 "Team" messages. */
export const TEAM_MESSAGES = {
  nameRequired: 'Team name is required',
  nameTooShort: 'Team name must be at least 3 characters long',
  nameTooLong: 'Team name must not exceed 100 characters',
  descriptionTooLong: 'Description must not exceed 1000 characters',
  membersRequired: 'At least one team member is required',
  roleRequired: 'Role is required',
  userRequired: 'User is required',
  userAlreadyInTeam: 'User already in team',
  notFound: 'Team not found',
  noAdmin: 'No Admin in Team',
  noManager: 'No Manager in Team',
  noDescription: 'No description found',
} as const;

export const teamListSpec = defineList({
  filters: {
    name: 'text',
    description: 'text',
    membersCount: 'numberRange',
    members: 'ids',
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});
