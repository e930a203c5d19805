import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';

/** What a form's useFormDraft returns that the notice needs (see lib/form-draft). */
type DraftState = { offer: string | null; restored: boolean; restore: () => void; discard: () => void };

/**
 * Above a form that keeps drafts: the offer of a draft left in the same form and context ('Restore your
 * unsaved follow-up for Kalinga Public School?' with Restore / Discard), then, once restored, a note with
 * 'Discard them'. `onDiscard` replaces draft.discard after a restore (forms with state outside the form).
 */
export const DraftRestoredNotice = ({ draft, onDiscard }: { draft: DraftState; onDiscard?: () => void }) => {
  if (draft.offer)
    return (
      <Alert color="blue" icon={<IconRestore size={18} aria-hidden />} title={draft.offer} role="region">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">What you typed here before leaving was kept. Nothing was put in the form yet.</Text>
          <Group gap="xs">
            <Button size="xs" onClick={draft.restore}>
              Restore
            </Button>
            <Button size="xs" variant="light" color="gray" onClick={draft.discard}>
              Discard
            </Button>
          </Group>
        </Group>
      </Alert>
    );
  if (!draft.restored) return null;
  return (
    <Alert color="blue" icon={<IconRestore size={18} aria-hidden />} title="Unsaved changes restored">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">What you typed before leaving this page was brought back.</Text>
        <Button size="xs" variant="light" onClick={onDiscard ?? draft.discard}>
          Discard them
        </Button>
      </Group>
    </Alert>
  );
};
