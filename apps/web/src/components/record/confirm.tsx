import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { openConfirmModal } from '../../lib/confirm-modal';

export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  /** The confirm button's text, e.g. 'Delete'. */
  confirmLabel: string;
  /** A red confirm button, for deletions. */
  danger?: boolean;
};

/**
 * Ask before acting: a centred dialog with Cancel and the confirm button. Resolves true when confirmed,
 * false on Cancel, Escape, the close button or a click outside. Opens through lib/confirm-modal.
 */
export const confirmAction = ({ title, message, confirmLabel, danger = false }: ConfirmOptions) =>
  new Promise<boolean>((resolve) => {
    openConfirmModal({
      title,
      centered: true,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: danger ? { color: 'red' } : undefined,
      // onConfirm runs before the dialog closes, so a later onClose cannot turn the answer into false.
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
