import { z } from 'zod';
import type { RecordStamps, UserRef } from '../common/records.ts';
import { multiLineText, oneLineText } from '../common/text.ts';
import { TEAM_MEMBER_ROLES, type TeamMemberRole } from '../enums.ts';
import { objectIdSchema } from '../ids.ts';
import { TEAM_MESSAGES } from './team-list.ts';

export const TEAM_NAME_MIN = 3;

export const teamMemberSchema = z.object({
  user: z
    .string({ error: TEAM_MESSAGES.userRequired })
    .min(1, TEAM_MESSAGES.userRequired)
    .pipe(objectIdSchema),
  role: z.enum(TEAM_MEMBER_ROLES, { error: TEAM_MESSAGES.roleRequired }),
});
export type TeamMemberInput = z.infer<typeof teamMemberSchema>;

const membersSchema = z
  .array(teamMemberSchema, { error: TEAM_MESSAGES.membersRequired })
  .min(1, TEAM_MESSAGES.membersRequired)
  .max(500, 'A team can have at most 500 members')
  .superRefine((members, ctx) => {
    const seen = new Set<string>();
    members.forEach((m, i) => {
      if (seen.has(m.user))
        ctx.addIssue({ code: 'custom', path: [i, 'user'], message: TEAM_MESSAGES.userAlreadyInTeam });
      seen.add(m.user);
    });
  });

const teamFields = {
  name: oneLineText({ error: TEAM_MESSAGES.nameRequired })
    .min(1, TEAM_MESSAGES.nameRequired)
    .min(TEAM_NAME_MIN, TEAM_MESSAGES.nameTooShort)
    .max(100, TEAM_MESSAGES.nameTooLong),
  description: multiLineText()
    .max(1000, TEAM_MESSAGES.descriptionTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  members: membersSchema,
};

/** createdBy is required by the spec; the server stamps it from the session, so it is never read here. */
export const teamCreateSchema = z.object(teamFields);
export type TeamInput = z.infer<typeof teamCreateSchema>;
export type TeamFormValues = z.input<typeof teamCreateSchema>;
/** PATCH /admin/teams/{id}: the fields sent are replaced (members as a whole list). */
export const teamUpdateSchema = z.object(teamFields).partial();
export type TeamUpdateInput = z.infer<typeof teamUpdateSchema>;

export type TeamMemberDto = { user: UserRef; role: TeamMemberRole };
export type TeamDto = RecordStamps & {
  _id: string;
  name: string;
  description: string | null;
  members: TeamMemberDto[];
  membersCount: number;
};
