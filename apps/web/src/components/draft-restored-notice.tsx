import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';

/** Shown above a form whose unsaved values were brought back from a draft (see lib/form-draft). */
export const DraftRestoredNotice = ({ onDiscard }: { onDiscard: () => void }) => (
  <Alert color="blue" icon={<IconRestore size={18} />} title="Unsaved changes restored">
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm">What you typed before leaving this page was brought back.</Text>
      <Button size="xs" variant="light" onClick={onDiscard}>
        Discard them
      </Button>
    </Group>
  </Alert>
);
