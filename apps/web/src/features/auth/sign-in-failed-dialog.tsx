import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * A refused sign-in whose message names no field (spec 1 §8). Its own chunk, loaded when a sign-in fails
 * that way: the modal's code (portal, focus trap, scroll lock) is not needed to show the form.
 */
export const SignInFailedDialog = ({ message, onClose }: { message: string | null; onClose: () => void }) => (
  <Modal opened={Boolean(message)} onClose={onClose} title="Sign-in failed" centered>
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <IconAlertCircle color="var(--mantine-color-red-7)" style={{ flexShrink: 0 }} />
      <Text size="sm">{message}</Text>
    </Group>
    <Group justify="flex-end" mt="lg">
      <Button onClick={onClose} data-autofocus>
        OK
      </Button>
    </Group>
  </Modal>
);
