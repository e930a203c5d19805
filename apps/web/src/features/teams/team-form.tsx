import type { TeamDto, TeamInput, UserRef } from '@karya/domain';
import { SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import { DraftRestoredNotice } from '../../components/draft-restored-notice';
import { LongTextField, TextField } from '../../components/form/fields';
import { GuardedFormActions } from '../../components/form/form-actions';
import { useCheckedForm } from '../../components/form/form-frame';
import { usePageFormGuard } from '../../components/form/page-guard';
import { FormSection } from '../../components/form/section';
import { isApiError } from '../../lib/api';
import { focusFirstError } from '../../lib/focus-first-error';
import { describeDraft, useFormDraft } from '../../lib/form-draft';
import { useIdempotencyKey } from '../../lib/idempotency';
import { withLoadingToast } from '../../lib/notify';
import { createTeam, teamKeys, updateTeam } from './api';
import { type MemberErrors, MembersEditor, type MembersPicker } from './members-editor';
import {
  changedTeamPayload,
  fieldOfTeamError,
  type MemberInfo,
  memberInfoFrom,
  type TeamFormState,
  teamFormValuesFrom,
  teamValidation,
} from './team-form-values';

export type TeamFormMode = 'create' | 'update';

const LOADING: Record<TeamFormMode, string> = { create: 'Creating team', update: 'Updating team' };
export const SUBMIT_LABEL: Record<TeamFormMode, string> = { create: 'Create Team', update: 'Update Team' };

/** The domain schema (team-validation.ts); the values handed to submit are its output (trimmed, description null when empty). */
const resolver = teamValidation.resolver((m) => m.teamResolver);

/** With no invalid input, a members error focuses the User picker. */
const MEMBERS_PICKER = '[data-members-picker] input';

/**
 * The one team form (spec 3 "Teams"): Basic Information and the Members editor, validated by the domain
 * schema. Create sends the team; update sends only what changed (members as the whole list).
 */
export const TeamForm = ({ mode, team }: { mode: TeamFormMode; team?: TeamDto | null }) => {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const { can } = useCan();
  const defaults = useMemo(() => teamFormValuesFrom(team), [team]);
  teamValidation.use();
  const form = useCheckedForm<TeamFormState>(defaults, resolver);
  const { control, formState } = form;
  const errors = formState.errors;
  const rootRef = useRef<HTMLFormElement>(null);
  const pickerRef = useRef<MembersPicker>(null);
  const running = useRef(false);
  const keeper = useIdempotencyKey();
  const [info, setInfo] = useState<MemberInfo>(() => memberInfoFrom(team));
  const addInfo = useCallback((user: UserRef) => setInfo((i) => ({ ...i, [user._id]: user })), []);

  // What was typed survives a reload; the names of the picked members come back with it.
  const draft = useFormDraft(form, {
    key: location.pathname,
    describe: ({ values }) =>
      describeDraft('team', { updating: Boolean(team), name: team?.name ?? values.name }),
    base: defaults,
    extra: info,
    onRestore: ({ extra }) => {
      if (extra) setInfo((i) => ({ ...extra, ...i }));
    },
  });
  const guard = usePageFormGuard(formState.isDirty, draft.clear);

  const leaveTo = mode === 'create' ? '/admin/teams' : `/admin/teams/${team?._id}`;

  const submit = async (values: TeamFormState) => {
    const validated = values as unknown as TeamInput;
    // Repeat submits are ignored while a call runs.
    if (running.current) return;
    running.current = true;
    try {
      const result = await withLoadingToast(LOADING[mode], () =>
        keeper.run((key) =>
          mode === 'create'
            ? createTeam(validated, key)
            : updateTeam(team?._id ?? '', changedTeamPayload(validated, form.getValues(), defaults), key),
        ),
      );
      draft.clear();
      form.reset(form.getValues());
      void client.invalidateQueries({ queryKey: teamKeys.all });
      guard.release();
      navigate(`/admin/teams/${result.data?._id ?? team?._id}`);
    } catch (error) {
      const hit = isApiError(error) ? fieldOfTeamError(error.status, error.body) : null;
      if (hit) {
        form.setError(hit.field, { type: 'server', message: hit.message });
        focusFirstError(rootRef.current, MEMBERS_PICKER);
      }
    } finally {
      running.current = false;
    }
  };

  const validateAndSubmit = form.handleSubmit(submit, () => focusFirstError(rootRef.current, MEMBERS_PICKER));
  // A user and role picked but not added are added first; a pick that cannot be added stops the submit
  // with a message naming the user.
  // The members editor checks a pick with the validation module, which may still be on its way.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await teamValidation.get().catch(() => undefined);
    if (pickerRef.current?.flush() === 'incomplete') {
      focusFirstError(rootRef.current, MEMBERS_PICKER);
      return;
    }
    return validateAndSubmit();
  };
  const membersError = errors.members?.message ?? errors.members?.root?.message;

  return (
    <form ref={rootRef} onSubmit={onSubmit} noValidate aria-label={SUBMIT_LABEL[mode]}>
      <Stack gap="md">
        <DraftRestoredNotice draft={draft} />

        <FormSection title="Basic Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField form={form} name="name" label="Team Name" withAsterisk autoComplete="off" />
            <LongTextField form={form} name="description" label="Description" rows={[2, 8]} wide />
          </SimpleGrid>
        </FormSection>

        <FormSection title="Members">
          <div data-members-picker>
            <Controller
              control={control}
              name="members"
              render={({ field }) => (
                <MembersEditor
                  ref={pickerRef}
                  value={field.value}
                  onChange={(members) => {
                    field.onChange(members);
                    field.onBlur();
                  }}
                  info={info}
                  onInfo={addInfo}
                  canSearch={can('user', 'suggestion')}
                  error={membersError}
                  memberErrors={Array.isArray(errors.members) ? (errors.members as MemberErrors) : undefined}
                />
              )}
            />
          </div>
        </FormSection>

        <GuardedFormActions
          guard={guard}
          leaveTo={leaveTo}
          submitLabel={SUBMIT_LABEL[mode]}
          submitting={formState.isSubmitting}
        />
      </Stack>
    </form>
  );
};
