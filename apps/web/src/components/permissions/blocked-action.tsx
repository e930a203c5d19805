import { missingDependencyMessage, needsOf } from '@karya/domain';
import { Button, type ButtonProps, Popover, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { LazyWhoCan } from './lazy-who-can';
import { useCanFinish } from './use-can-finish';

/**
 * An action the user holds but cannot finish (issue 23: a permission it needs besides is missing): not
 * offered, a greyed button that says, on a click or a tap, what is missing and who can do it.
 */
export const BlockedAction = ({
  resource,
  action,
  label,
  ...button
}: ButtonProps & { resource: string; action: string; label: string }) => {
  const { missing } = useCanFinish();
  const [opened, setOpened] = useState(false);
  const lacking = missing(resource, action);
  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconLock size={16} aria-hidden />}
          {...button}
          data-disabled
          aria-disabled
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="status">
          <Text size="sm">{missingDependencyMessage(resource, action, lacking)}</Text>
          {opened && <LazyWhoCan needs={needsOf(resource, action)} />}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};

/**
 * The way to an action: `children` (the real button or link) when the user can finish it, BlockedAction
 * when they hold it without what it needs, nothing when they do not hold it.
 */
export const ActionGate = ({
  resource,
  action,
  label,
  children,
}: {
  resource: string;
  action: string;
  label: string;
  children: React.ReactNode;
}) => {
  const { can, canFinish } = useCanFinish();
  if (!can(resource, action)) return null;
  if (canFinish(resource, action)) return <>{children}</>;
  return <BlockedAction resource={resource} action={action} label={label} />;
};
