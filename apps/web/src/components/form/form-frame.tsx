import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useRef } from 'react';
import {
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { focusFirstError } from '../../lib/focus-first-error';
import { DraftRestoredNotice } from '../draft-restored-notice';

/**
 * A form checked by its resolver first on submit, then on every change; not on blur: a message appearing
 * when a field is left moves the controls below it, and the click that left it (say on Create) would land
 * on nothing. The first invalid field is focused by the form (focusFirstError), not by react-hook-form.
 */
export const useCheckedForm = <T extends FieldValues>(
  defaultValues: UseFormProps<T>['defaultValues'],
  resolver: Resolver<T>,
): UseFormReturn<T> =>
  useForm<T>({
    defaultValues,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });

/** The save's message above a form's fields (the server's, or why nothing was sent). */
export const FormError = ({ children }: { children: ReactNode }) =>
  children ? (
    <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
      {children}
    </Alert>
  ) : null;

/**
 * The frame of a form: named by `label`, no browser checks; the restored-draft notice, the save's message,
 * then the sections and the actions footer (its children). Submit checks the form and runs `onValid`; a
 * failed check focuses the first invalid field (or `focusAlso`, e.g. a list editor's message). `formRef`
 * lets the form focus a field after a server error.
 */
export const FormFrame = <T extends FieldValues, R = T>({
  form,
  onValid,
  label,
  formRef,
  focusAlso,
  draft,
  onDiscardDraft,
  serverError,
  children,
}: {
  form: Pick<UseFormReturn<T, unknown, R>, 'handleSubmit'>;
  onValid: SubmitHandler<R>;
  label: string;
  formRef?: RefObject<HTMLFormElement | null>;
  focusAlso?: string;
  draft?: { offer: string | null; restored: boolean; restore: () => void; discard: () => void };
  onDiscardDraft?: () => void;
  serverError?: ReactNode;
  children: ReactNode;
}) => {
  const ownRef = useRef<HTMLFormElement | null>(null);
  const ref = formRef ?? ownRef;
  return (
    <form
      ref={ref}
      noValidate
      aria-label={label}
      onSubmit={form.handleSubmit(onValid, () => focusFirstError(ref.current, focusAlso))}
    >
      <Stack gap="md">
        {draft && <DraftRestoredNotice draft={draft} onDiscard={onDiscardDraft} />}
        <FormError>{serverError}</FormError>
        {children}
      </Stack>
    </form>
  );
};
