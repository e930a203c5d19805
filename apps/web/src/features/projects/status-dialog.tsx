// The Change Status dialog, its own chunk: the form kit loads when a step is first chosen (issue 26).
import {
  PROJECT_REASON_MAX,
  type ProjectDto,
  type ProjectStatus,
  previousProjectStatus,
  projectStatusChangeProblem,
} from '@karya/domain';
import { Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { GuardedDialogForm, useSaveOnce } from '../../components/form/guarded-dialog-form';
import { type IdempotencyKeeper, idempotencyKeeper } from '../../lib/idempotency';
import { lazyValidation } from '../../lib/lazy-validation';
import { withLoadingToast } from '../../lib/notify';
import { changeProjectStatus, projectChangeKeys } from './api';

const statusValidation = lazyValidation(() => import('./status-validation'));

/**
 * The step chosen in the menu: forward one step (a reason may be noted) or back one step, which needs a
 * reason (decision 0016). Checked by projectStatusChangeProblem, the server's rule, before it is sent.
 */
export const StatusDialog = ({
  project: p,
  to,
  opened,
  onClose,
}: {
  project: ProjectDto;
  /** The step chosen; kept while the dialog closes so its texts stay put. */
  to: ProjectStatus | null;
  opened: boolean;
  onClose: () => void;
}) => {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveOnce();
  // One Idempotency-Key per step chosen, kept across the user's retries of that step after a lost answer
  // (the server then answers the first change instead of 'already has this status'); another step is
  // another change with a key of its own.
  const keepers = useRef(new Map<string, IdempotencyKeeper>());
  const keeperFor = (step: ProjectStatus) => {
    const id = `${p._id}:${step}`;
    const keeper = keepers.current.get(id) ?? idempotencyKeeper();
    keepers.current.set(id, keeper);
    return keeper;
  };
  statusValidation.use();
  const back = to !== null && to === previousProjectStatus(p.status);

  const close = () => {
    setReason('');
    setError(null);
    save.setServerError(null);
    onClose();
  };
  const submit = () => {
    if (!to) return;
    const problem = projectStatusChangeProblem(p.status, to, reason);
    if (problem) return setError(problem);
    void save.run(async () => {
      const checked = (await statusValidation.get()).statusBody(to, reason);
      if ('error' in checked) return setError(checked.error);
      await withLoadingToast('Changing status', () =>
        keeperFor(to).run((key) => changeProjectStatus(p._id, checked.body, key)),
      );
      await Promise.all(projectChangeKeys.map((queryKey) => client.invalidateQueries({ queryKey })));
      close();
    });
  };

  return (
    <GuardedDialogForm
      opened={opened && to !== null}
      onClose={close}
      dirty={reason.trim() !== ''}
      title="Change Status"
      save={save}
      submitLabel={back ? `Back to ${to}` : `Move to ${to ?? ''}`}
      onSubmit={submit}
    >
      <Text size="sm">
        {p.status} → <strong>{to}</strong>
      </Text>
      <Textarea
        label={back ? 'Reason' : 'Note'}
        description={
          back
            ? 'Why the project goes back a step (kept in the status history)'
            : 'Optional, kept in the status history'
        }
        withAsterisk={back}
        autosize
        minRows={3}
        maxLength={PROJECT_REASON_MAX}
        data-autofocus
        value={reason}
        error={error}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setError(null);
        }}
      />
    </GuardedDialogForm>
  );
};
