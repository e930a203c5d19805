import { nextProjectStatus, type ProjectDto, type ProjectStatus, previousProjectStatus } from '@karya/domain';
import { Button, Menu } from '@mantine/core';
import { IconArrowBackUp, IconArrowRight, IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '../../app/auth';

// The dialog and the form kit it needs load when a step is first chosen, not with the detail page.
const StatusDialog = lazy(() => import('./status-dialog').then((m) => ({ default: m.StatusDialog })));

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
      {step && (
        <Suspense fallback={null}>
          <StatusDialog
            project={p}
            to={step.to}
            opened={step.opened}
            onClose={() => setStep((s) => s && { ...s, opened: false })}
          />
        </Suspense>
      )}
    </>
  );
};
