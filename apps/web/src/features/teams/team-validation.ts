import { zodResolver } from '@hookform/resolvers/zod';
import { teamCreateSchema, teamMemberSchema } from '@karya/domain';
import type { Resolver } from 'react-hook-form';
import type { TeamFormState } from './team-form-values';

// The team form's validation, loaded as the form renders (lib/lazy-validation.ts): zod and the schemas.

/** The domain schema; the values handed to submit are its output (trimmed, description null when empty). */
export const teamResolver = zodResolver(teamCreateSchema) as unknown as Resolver<TeamFormState>;

/** A member picked in the members editor: a user and a role (spec 3 §5 team messages). */
export { teamMemberSchema };
