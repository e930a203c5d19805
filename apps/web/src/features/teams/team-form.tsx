import type { TeamDto, TeamInput, UserRef } from '@karya/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import { DraftRestoredNotice } from '../../components/draft-restored-notice';
import { isApiError } from '../../lib/api';
import { focusFirstError } from '../../lib/focus-first-error';
import { useFormDraft } from '../../lib/form-draft';
import { useIdempotencyKey } from '../../lib/idempotency';
import { useLeaveGuard } from '../../lib/leave-guard';
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

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-label={title}>
    <Title order={3} size="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

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
  const form = useForm<TeamFormState>({
    defaultValues: defaults,
    resolver,
    // First on submit, then on every change; not on blur: a message appearing when a field is left moves
    // the controls below it, and the click that left it (say on Create) would land on nothing.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { control, register, formState } = form;
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
    base: defaults,
    extra: info,
    onRestore: ({ extra }) => {
      if (extra) setInfo((i) => ({ ...extra, ...i }));
    },
  });
  const guard = useLeaveGuard(formState.isDirty, {
    message: 'You have unsaved changes. Do you want to discard them and leave this page?',
    onDiscard: draft.clear,
  });

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
        {draft.restored && <DraftRestoredNotice onDiscard={draft.discard} />}

        <Section title="Basic Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Team Name"
              withAsterisk
              autoComplete="off"
              {...register('name')}
              error={errors.name?.message}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxRows={8}
              {...register('description')}
              error={errors.description?.message}
              style={{ gridColumn: '1 / -1' }}
            />
          </SimpleGrid>
        </Section>

        <Section title="Members">
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
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => guard.leave(() => navigate(leaveTo))}
            disabled={formState.isSubmitting}
          >
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {SUBMIT_LABEL[mode]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
