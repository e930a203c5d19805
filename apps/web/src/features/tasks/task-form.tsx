import { TASK_PRIORITIES, TASK_STATUSES, type TaskDto } from '@karya/domain';
import { Modal, SimpleGrid } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
// The date pickers' styles come with the chunk that uses them, not with every page.
import '@mantine/dates/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useAuth, useCan } from '../../app/auth';
import { useDialogFormGuard } from '../../components/form/dialog-guard';
import { LongTextField, TextField } from '../../components/form/fields';
import { FormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { SelectField } from '../../components/form/select-field';
import { UserMultiSelect, type UserNames, withNames } from '../../components/pickers/user-pickers';
import { DateInput } from '../../lib/date-input-chunk';
import { describeDraft, useFormDraft } from '../../lib/form-draft';
import { messageOf } from '../../lib/notify';
import { useRecordSave } from '../../lib/record-save';
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
  const form = useCheckedForm<TaskFormState>(base, taskFormResolver);
  const { control, register, formState, watch } = form;
  const errors = formState.errors;
  const [names, setNames] = useState<UserNames>(() => withNames({}, [self, ...(task?.assignedTo ?? [])]));
  const [serverError, setServerError] = useState<string | null>(null);

  const draft = useFormDraft(form, {
    key: taskDraftKey(task?._id),
    describe: ({ values }) =>
      describeDraft('task', { updating: Boolean(task), name: task?.title ?? values.title }),
    base,
    extra: names,
    onRestore: ({ extra }) => {
      if (extra) setNames((n) => ({ ...extra, ...n }));
    },
  });
  const { guard, close } = useDialogFormGuard({
    dirty: formState.isDirty,
    onDiscard: draft.clear,
    onClose,
    registerClose,
  });

  const status = watch('status');
  const cancelled = status === 'Cancelled';
  const date = watch('date');
  /** The month the deadline's calendar shows once the user has moved it. */
  const [deadlineMonth, setDeadlineMonth] = useState<string | undefined>();

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

  const label = task ? 'Update Task' : 'Create Task';
  return (
    <FormFrame form={form} label={label} onValid={submit} draft={draft} serverError={serverError}>
      <TextField form={form} name="title" label="Title" withAsterisk autoComplete="off" data-autofocus />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SelectField
          form={form}
          name="status"
          label="Status"
          withAsterisk
          data={[...TASK_STATUSES]}
          onPick={(v) => v !== 'Cancelled' && form.clearErrors('reason')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <SelectField
          form={form}
          name="priority"
          label="Priority"
          data={[...TASK_PRIORITIES]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
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
              // Days before the task's date are greyed out in the calendar, but a date typed before it is
              // kept and answered with the rule's message (issue 23): minDate made the input erase it.
              excludeDate={(day) => Boolean(date) && day < date}
              // The calendar opens on the deadline's month, else on the task date's (as minDate did).
              date={deadlineMonth ?? (field.value || date || undefined)}
              onDateChange={setDeadlineMonth}
              value={field.value || null}
              onChange={(v) => {
                field.onChange(v ?? '');
                if (v && date && v < date) void form.trigger('deadline');
                else revalidateDeadline();
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.deadline?.message}
              popoverProps={{ withinPortal: true }}
            />
          )}
        />
        {cancelled && (
          <TextField
            form={form}
            name="reason"
            label="Reason"
            withAsterisk
            description="Why the task was cancelled"
            autoComplete="off"
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
      <LongTextField
        form={form}
        name="description"
        label="Description"
        description="One point per line"
        rows={[3, 10]}
      />
      <FormActions onCancel={close} submitLabel={task ? 'Update' : 'Create'} form={form} />
    </FormFrame>
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
