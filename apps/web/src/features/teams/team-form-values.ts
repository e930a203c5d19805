// Deliberate import circle with ./team-validation.ts (loaded lazily): keeps zod out of the first paint.
import type { TeamDto, TeamInput, TeamMemberRole, TeamUpdateInput, UserRef } from '@karya/domain';
import { lazyValidation } from '../../lib/lazy-validation';

/** The team form's validation (team-validation.ts: zod and the schemas), downloaded as the form renders. */
export const teamValidation = lazyValidation(() => import('./team-validation'));

/** What the form holds: texts as strings ('' when empty) so inputs stay controlled. */
export type TeamFormState = {
  name: string;
  description: string;
  members: { user: string; role: TeamMemberRole }[];
};

/** Name, e-mail and picture of each member, by user id: the form values hold only ids. */
export type MemberInfo = Record<string, UserRef>;

export const emptyTeamForm = (): TeamFormState => ({ name: '', description: '', members: [] });

/** The form's starting values for an existing team. */
export const teamFormValuesFrom = (team: TeamDto | null | undefined): TeamFormState =>
  team
    ? {
        name: team.name,
        description: team.description ?? '',
        members: team.members.filter((m) => m.user).map((m) => ({ user: m.user._id, role: m.role })),
      }
    : emptyTeamForm();

export const memberInfoFrom = (team: TeamDto | null | undefined): MemberInfo =>
  Object.fromEntries((team?.members ?? []).filter((m) => m.user).map((m) => [m.user._id, m.user]));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The update request: only the fields changed against the loaded team (so someone else's edit of another
 * field survives), each as validated; the members go as the whole list whenever any member or role
 * changed. A cleared description is sent as null, which clears it.
 */
export const changedTeamPayload = (
  validated: TeamInput,
  values: TeamFormState,
  initial: TeamFormState,
): TeamUpdateInput => {
  const out: TeamUpdateInput = {};
  if (!same(values.name, initial.name)) out.name = validated.name;
  if (!same(values.description.trim(), initial.description.trim())) out.description = validated.description;
  if (!same(values.members, initial.members)) out.members = validated.members;
  return out;
};

/** The form fields a server validation error may point at ('members.0.user' → 'members'). */
export const TEAM_FORM_FIELDS = ['name', 'description', 'members'] as const;
export type TeamFormField = (typeof TEAM_FORM_FIELDS)[number];

/** The form field a 400 answer names, with its message; null when the message belongs in a toast only. */
export const fieldOfTeamError = (
  status: number,
  body: unknown,
): { field: TeamFormField; message: string } | null => {
  if (status !== 400) return null;
  const errors = (body as { errors?: { path?: string; message?: string }[] } | undefined)?.errors ?? [];
  for (const e of errors) {
    const field = e.path?.split('.')[0] as TeamFormField | undefined;
    if (field && (TEAM_FORM_FIELDS as readonly string[]).includes(field) && e.message)
      return { field, message: e.message };
  }
  return null;
};
