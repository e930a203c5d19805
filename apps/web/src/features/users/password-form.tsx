import { Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { lazyValidation } from '../../lib/lazy-validation';

export type PasswordField<T> = {
  name: Path<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
};

/** The new password and its confirmation, as every change-password form asks them. */
export const NEW_PASSWORD_FIELDS = [
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmNewPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/** The forms' schemas (password-validation.ts: zod and the schemas), downloaded as the form renders. */
const passwordValidation = lazyValidation(() => import('./password-validation'));

/**
 * A password form checked by the domain schema (`kind`: an administrator's change or the user's own) on
 * submit, then on every change (not on blur: see the task form).
 */
export const usePasswordForm = <T extends FieldValues>(
  kind: 'admin' | 'own',
  defaultValues: DefaultValues<T>,
) => {
  passwordValidation.use();
  return useForm<T>({
    defaultValues,
    resolver: passwordValidation.resolver((m) => m.passwordResolvers[kind] as never),
    mode: 'onSubmit',
  });
};

/**
 * The change-password card: password inputs (each with its show/hide toggle), Cancel where there is somewhere
 * to go back to, and Change Password. A second press while the first call runs is ignored.
 */
export const ChangePasswordForm = <T extends FieldValues>({
  form,
  fields,
  onSubmit,
  onCancel,
  intro,
}: {
  form: UseFormReturn<T>;
  fields: readonly PasswordField<T>[];
  onSubmit: (values: T) => Promise<void>;
  onCancel?: () => void;
  intro?: ReactNode;
}) => {
  const running = useRef(false);
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    if (running.current) return;
    running.current = true;
    try {
      await onSubmit(values);
    } finally {
      running.current = false;
    }
  });

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="md">
          {intro}
          {fields.map((f) => (
            <PasswordInput
              key={f.name}
              label={f.label}
              withAsterisk
              autoComplete={f.autoComplete}
              {...form.register(f.name)}
              error={form.getFieldState(f.name, form.formState).error?.message}
            />
          ))}
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={isSubmitting}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
