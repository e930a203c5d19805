import { TASK_PRIORITIES, TASK_STATUSES, type TaskDto } from '@karya/domain';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
// The date pickers' styles come with the chunk that uses them, not with every page.
import '@mantine/dates/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useAuth, useCan } from '../../app/auth';
import { DraftRestoredNotice } from '../../components/draft-restored-notice';
import { focusFirstError } from '../../lib/focus-first-error';
import { useFormDraft } from '../../lib/form-draft';
import { useLeaveGuard } from '../../lib/leave-guard';
import { messageOf } from '../../lib/notify';
import { useRecordSave } from '../../lib/record-save';
import { UserMultiSelect, type UserNames, withNames } from '../users/user-pickers';
import { createTask, taskKeys, updateTask } from './api';
import {
  newTaskValues,
  type TaskFormState,
  taskFormResolver,
  taskFormValuesFrom,
  taskValidation,
} from './task-form-values';

/** The draft of the task modal: one for a new task, one per task being updated. */
export const taskDraftKey = (taskId?: string) => (taskId ? `task:update:${taskId}` : 'task:create');

type TaskFormProps = {
  /** The task to update; none creates one. */
  task?: TaskDto | null;
  onClose: () => void;
  onSaved?: (task: TaskDto | null) => void;
};

/**
 * Create or update a task (spec 2 §2, §5): react-hook-form with the domain's taskFormSchema, so the
 * messages are the spec's. The reason shows (and is required) only for a cancelled task; the assignees
 * come from the user suggestion search, or are only oneself without suggestion on user or assign on
 * task. An unsaved draft survives a reload; closing a changed form asks first.
 */
const TaskForm = ({
  task,
  onClose,
  onSaved,
  registerClose,
}: TaskFormProps & {
  registerClose: (close: () => void) => void;
}) => {
  const { user } = useAuth();
  const { can } = useCan();
  // Assigning anyone but oneself needs assign on task, and finding them needs suggestion on user.
  const canPickOthers = can('user', 'suggestion') && can('task', 'assign');
  const self = useMemo(() => (user ? { _id: user._id, name: user.name } : null), [user]);
  const base = useMemo(
    () => (task ? taskFormValuesFrom(task) : newTaskValues(canPickOthers ? null : self?._id)),
    [task, canPickOthers, self],
  );
  const form = useForm<TaskFormState>({
    defaultValues: base,
    resolver: taskFormResolver,
    // First on submit, then on every change; not on blur: a message appearing when a field is left moves
    // the controls below it, and the click that left it (say on Create) would land on nothing.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const rootRef = useRef<HTMLFormElement>(null);
  const { control, register, formState, watch } = form;
  const errors = formState.errors;
  const [names, setNames] = useState<UserNames>(() => withNames({}, [self, ...(task?.assignedTo ?? [])]));
  const [serverError, setServerError] = useState<string | null>(null);

  const draft = useFormDraft(form, {
    key: taskDraftKey(task?._id),
    base,
    extra: names,
    onRestore: ({ extra }) => {
      if (extra) setNames((n) => ({ ...extra, ...n }));
    },
  });
  const guard = useLeaveGuard(formState.isDirty, { onDiscard: draft.clear });
  const { leave } = guard;
  const close = useCallback(() => leave(onClose), [leave, onClose]);
  useEffect(() => registerClose(close), [registerClose, close]);

  const status = watch('status');
  const cancelled = status === 'Cancelled';
  const date = watch('date');

  const save = useRecordSave({ form, draft, guard, invalidate: [taskKeys.all] });
  taskValidation.use();
  const submit = async () => {
    setServerError(null);
    // The resolver has loaded the validation module before a submit gets here.
    const input = (await taskValidation.get()).toTaskInput(form.getValues());
    return save({
      loading: task ? 'Updating task' : 'Creating task',
      call: (key) => (task ? updateTask(task._id, input, key) : createTask(input, key)),
      onSaved: (result) => {
        onSaved?.(result.data ?? null);
        onClose();
      },
      // The toast has shown it too; it stays here while the form is corrected.
      onError: (error) => setServerError(messageOf(error)),
    });
  };

  const revalidateDeadline = () => {
    if (formState.isSubmitted || form.getFieldState('deadline').isTouched) void form.trigger('deadline');
  };

  return (
    <form
      ref={rootRef}
      onSubmit={form.handleSubmit(submit, () => focusFirstError(rootRef.current))}
      noValidate
      aria-label={task ? 'Update Task' : 'Create Task'}
    >
      <Stack gap="md">
        {draft.restored && <DraftRestoredNotice onDiscard={draft.discard} />}
        {serverError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {serverError}
          </Alert>
        )}
        <TextInput
          label="Title"
          withAsterisk
          autoComplete="off"
          data-autofocus
          {...register('title')}
          error={errors.title?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select
                label="Status"
                withAsterisk
                data={[...TASK_STATUSES]}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v ?? field.value);
                  if (v !== 'Cancelled') form.clearErrors('reason');
                }}
                onBlur={field.onBlur}
                ref={field.ref}
                allowDeselect={false}
                error={errors.status?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="priority"
            render={({ field }) => (
              <Select
                label="Priority"
                data={[...TASK_PRIORITIES]}
                value={field.value}
                onChange={(v) => field.onChange(v ?? field.value)}
                onBlur={field.onBlur}
                ref={field.ref}
                allowDeselect={false}
                error={errors.priority?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="date"
            render={({ field }) => (
              <DateInput
                label="Date"
                withAsterisk
                placeholder="DD/MM/YYYY"
                valueFormat="DD/MM/YYYY"
                value={field.value || null}
                onChange={(v) => {
                  field.onChange(v ?? '');
                  revalidateDeadline();
                }}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.date?.message}
                popoverProps={{ withinPortal: true }}
              />
            )}
          />
          <TimeInput label="Time" {...register('time')} error={errors.time?.message} />
          <Controller
            control={control}
            name="deadline"
            render={({ field }) => (
              <DateInput
                label="Deadline"
                placeholder="DD/MM/YYYY"
                valueFormat="DD/MM/YYYY"
                clearable
                // Days before the task's date are greyed out (disabled): a deadline cannot precede it.
                minDate={date || undefined}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.deadline?.message}
                popoverProps={{ withinPortal: true }}
              />
            )}
          />
          {cancelled && (
            <TextInput
              label="Reason"
              withAsterisk
              description="Why the task was cancelled"
              autoComplete="off"
              {...register('reason')}
              error={errors.reason?.message}
            />
          )}
        </SimpleGrid>
        <Controller
          control={control}
          name="assignedTo"
          render={({ field }) => (
            <UserMultiSelect
              label="Assigned To"
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              names={names}
              onNames={setNames}
              canSearch={canPickOthers}
              self={self}
              description={canPickOthers ? undefined : 'You can assign tasks to yourself only.'}
              error={errors.assignedTo?.message}
            />
          )}
        />
        <Textarea
          label="Description"
          description="One point per line"
          autosize
          minRows={3}
          maxRows={10}
          {...register('description')}
          error={errors.description?.message}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {task ? 'Update' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * The task modal ('Create Task' / 'Update Task'); full screen on a phone. Closing it (Escape, the close
 * button, Cancel) asks first when something was changed.
 */
export const TaskFormModal = ({ opened, ...props }: TaskFormProps & { opened: boolean }) => {
  const phone = useMediaQuery('(max-width: 48em)');
  const closeRef = useRef<() => void>(props.onClose);
  const registerClose = useCallback((close: () => void) => {
    closeRef.current = close;
  }, []);
  return (
    <Modal
      opened={opened}
      onClose={() => closeRef.current()}
      title={props.task ? 'Update Task' : 'Create Task'}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <TaskForm key={props.task?._id ?? 'new'} {...props} registerClose={registerClose} />}
    </Modal>
  );
};
