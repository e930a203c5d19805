import {
  nextProjectStatus,
  PROJECT_REASON_MAX,
  type ProjectDto,
  type ProjectStatus,
  previousProjectStatus,
  projectStatusChangeProblem,
} from '@karya/domain';
import { Button, Menu, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconArrowRight, IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/auth';
import { GuardedDialogForm, useSaveOnce } from '../../components/form/guarded-dialog-form';
import { lazyValidation } from '../../lib/lazy-validation';
import { withLoadingToast } from '../../lib/notify';
import { changeProjectStatus, projectChangeKeys } from './api';

const statusValidation = lazyValidation(() => import('./status-validation'));

/**
 * The step chosen in the menu: forward one step (a reason may be noted) or back one step, which needs a
 * reason (decision 0016). Checked by projectStatusChangeProblem, the server's rule, before it is sent.
 */
const StatusDialog = ({
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
      await withLoadingToast('Changing status', () => changeProjectStatus(p._id, checked.body));
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

/**
 * The status control (decision 0016): a menu offering only the allowed steps, the next status and the one
 * before; shown with update on project on a live project.
 */
export const StatusControl = ({ project: p }: { project: ProjectDto }) => {
  const { can } = useCan();
  const [step, setStep] = useState<{ to: ProjectStatus; opened: boolean } | null>(null);
  const setTo = (to: ProjectStatus) => setStep({ to, opened: true });
  if (p.isDeleted || !can('project', 'update')) return null;
  const next = nextProjectStatus(p.status);
  const previous = previousProjectStatus(p.status);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button rightSection={<IconChevronDown size={16} aria-hidden />}>Change Status</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {next && (
            <Menu.Item leftSection={<IconArrowRight size={16} aria-hidden />} onClick={() => setTo(next)}>
              {`Move to ${next}`}
            </Menu.Item>
          )}
          {previous && (
            <Menu.Item
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => setTo(previous)}
            >
              {`Back to ${previous}`}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <StatusDialog
        project={p}
        to={step?.to ?? null}
        opened={step?.opened ?? false}
        onClose={() => setStep((s) => s && { ...s, opened: false })}
      />
    </>
  );
};
