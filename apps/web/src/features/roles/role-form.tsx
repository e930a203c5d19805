import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '../../lib/lazy-date-input';
// The date pickers' styles come with the chunk that uses them, not with every page.
import '@mantine/dates/styles.css';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { DraftRestoredNotice } from '../../components/draft-restored-notice';
import { FormActions } from '../../components/form/form-actions';
import { isApiError } from '../../lib/api';
import { focusFirstError } from '../../lib/focus-first-error';
import { describeDraft, useFormDraft } from '../../lib/form-draft';
import { useIdempotencyKey } from '../../lib/idempotency';
import { lazyValidation } from '../../lib/lazy-validation';
import { useLeaveGuard } from '../../lib/leave-guard';
import { notifyError, withLoadingToast } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { useResources } from './api';
import { PermissionMatrix } from './permission-matrix';
import type { RoleFormValues } from './permission-state';

/** The role form's validation (role-validation.ts: zod and the schema), downloaded as the form renders. */
const roleValidation = lazyValidation(() => import('./role-validation'));
const roleResolver = roleValidation.resolver((m) => m.roleResolver as unknown as Resolver<RoleFormValues>);

/** Ids of the fields that are not plain inputs, for the permission matrix. */
const fieldId = (name: 'name' | 'description' | 'expiresAt' | 'permissions') => `role-${name}`;

/** The permissions error may sit on the array or on one of its items; show the first message found. */
const permissionsError = (errors: FieldErrors<RoleFormValues>) => {
  const e = errors.permissions as unknown;
  if (!e || typeof e !== 'object') return undefined;
  const direct = (e as { message?: string; root?: { message?: string } }).message;
  if (direct) return direct;
  const root = (e as { root?: { message?: string } }).root?.message;
  if (root) return root;
  for (const item of Object.values(e as Record<string, unknown>)) {
    if (item && typeof item === 'object') {
      const nested = Object.values(item as Record<string, { message?: string }>).find((v) => v?.message);
      if (nested?.message) return nested.message;
    }
  }
  return undefined;
};

const EMPTY: RoleFormValues = { name: '', description: '', permissions: [], expiresAt: null };

type Props = {
  mode: 'create' | 'update';
  initial?: RoleFormValues;
  /** Sends the role with the form's Idempotency-Key (lib/idempotency.ts). */
  submit: (values: RoleFormValues, idempotencyKey: string) => Promise<{ message?: string }>;
};

/** Create Role and Update Role: name, description, optional expiry and the permission matrix. */
export const RoleForm = ({ mode, initial = EMPTY, submit }: Props) => {
  roleValidation.use();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const resources = useResources();
  const busy = useRef(false);
  const keeper = useIdempotencyKey();
  const rootRef = useRef<HTMLFormElement>(null);
  const [hasExpiry, setHasExpiry] = useState(Boolean(initial.expiresAt));

  const form = useForm<RoleFormValues>({
    defaultValues: initial,
    resolver: roleResolver,
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty, isSubmitting } = form.formState;

  // What was typed survives a reload or a dropped connection, one draft per page.
  const draft = useFormDraft(form, {
    key: location.pathname,
    describe: ({ values }) =>
      describeDraft('role', {
        updating: mode === 'update',
        name: mode === 'update' ? initial.name : values.name,
      }),
    base: initial,
    onRestore: ({ values }) => setHasExpiry(Boolean(values.expiresAt)),
  });
  const guard = useLeaveGuard(isDirty, {
    message: 'You have unsaved changes. Are you sure you want to discard them?',
    onDiscard: draft.clear,
  });

  // Spec 1 §8: a failed resource list load toasts an error (401 is the session dialog's business).
  useEffect(() => {
    if (resources.error && !(isApiError(resources.error) && resources.error.status === 401)) {
      notifyError(resources.error);
    }
  }, [resources.error]);

  const onValid = async (values: RoleFormValues) => {
    // Repeat submits are ignored while a call is in progress (spec 1 §8).
    if (busy.current) return;
    busy.current = true;
    try {
      await withLoadingToast(mode === 'create' ? 'Creating role...' : 'Updating role...', () =>
        keeper.run((key) => submit(values, key)),
      );
      draft.clear();
      // The role list is not mounted here; refetch it now so the list shows the change, not a stale copy.
      void client.invalidateQueries({ queryKey: queryKeys.users.all });
      await client
        .invalidateQueries({ queryKey: queryKeys.roles.all, refetchType: 'all' })
        .catch(() => undefined);
      guard.release();
      navigate('/admin/roles');
    } catch {
      // The loading toast already turned into the error toast; the form stays as typed.
    } finally {
      busy.current = false;
    }
  };

  const cancel = () => guard.leave(() => navigate('/admin/roles'));

  const discardDraft = () => {
    draft.discard();
    setHasExpiry(Boolean(initial.expiresAt));
  };

  const today = dayjs().format('YYYY-MM-DD');

  return (
    <form
      ref={rootRef}
      onSubmit={form.handleSubmit(onValid, () => focusFirstError(rootRef.current))}
      noValidate
    >
      <Stack gap="md" maw={960}>
        <DraftRestoredNotice draft={draft} onDiscard={discardDraft} />
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <Stack gap="sm">
            <TextInput
              id={fieldId('name')}
              label="Name"
              placeholder="e.g. Sales Executive"
              withAsterisk
              error={errors.name?.message}
              {...form.register('name')}
            />
            <Textarea
              id={fieldId('description')}
              label="Description"
              placeholder="What this role is for"
              withAsterisk
              autosize
              minRows={2}
              maxRows={6}
              error={errors.description?.message}
              {...form.register('description')}
            />
            <Checkbox
              label="Set an expiry date"
              checked={hasExpiry}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setHasExpiry(on);
                // Spec 1 §5: unchecking the expiry checkbox clears the date.
                if (!on) form.setValue('expiresAt', null, { shouldDirty: true, shouldValidate: true });
              }}
            />
            {hasExpiry && (
              <Controller
                control={form.control}
                name="expiresAt"
                render={({ field }) => (
                  <DateInput
                    id={fieldId('expiresAt')}
                    ref={field.ref}
                    label="Expiry date"
                    description="The role stops granting permissions from this day."
                    placeholder="DD/MM/YYYY"
                    valueFormat="DD/MM/YYYY"
                    minDate={today}
                    clearable
                    maw={280}
                    value={field.value}
                    onChange={(v) => field.onChange(v ? dayjs(v).format('YYYY-MM-DD') : null)}
                    onBlur={field.onBlur}
                    error={errors.expiresAt?.message}
                  />
                )}
              />
            )}
          </Stack>
        </Paper>

        <div>
          <Text fw={600} mb={4}>
            Permissions{' '}
            <Text span c="red" inherit aria-hidden>
              *
            </Text>
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            Tick the actions this role allows on each resource.
          </Text>
          {resources.isPending ? (
            <Stack gap="xs">
              <Skeleton h={48} />
              <Skeleton h={48} />
              <Skeleton h={48} />
            </Stack>
          ) : resources.isError ? (
            <Alert color="red" title="Could not load the resources">
              <Group justify="space-between" gap="xs">
                <Text size="sm">The permission list could not be loaded.</Text>
                <Button size="xs" variant="light" color="red" onClick={() => resources.refetch()}>
                  Retry
                </Button>
              </Group>
            </Alert>
          ) : (
            <Controller
              control={form.control}
              name="permissions"
              render={({ field }) => (
                <PermissionMatrix
                  id={fieldId('permissions')}
                  catalogue={resources.data}
                  value={field.value}
                  onChange={field.onChange}
                  error={permissionsError(errors)}
                />
              )}
            />
          )}
        </div>

        <FormActions
          onCancel={cancel}
          cancelWhileSubmitting
          submitLabel={mode === 'create' ? 'Create Role' : 'Update Role'}
          submitting={isSubmitting}
          submitDisabled={resources.isPending || resources.isError}
        />
      </Stack>
    </form>
  );
};
