import {
  EXPENSE_MESSAGES,
  EXPENSE_RECEIPT_MAX_BYTES,
  EXPENSE_RECEIPT_TYPES,
  type ExpenseReceiptDto,
} from '@karya/domain';
import { Anchor, Button, FileButton, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCamera, IconFileUpload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { messageOf } from '../../lib/notify';
import { uploadReceipt } from './api';

/** '84 KB', '1.2 MB'. */
export const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-IN')} KB`
    : `${(bytes / (1024 * 1024)).toLocaleString('en-IN', { maximumFractionDigits: 1 })} MB`;

/** The picker's own check (the server decides by content): a photo or PDF of at most 5 MB. */
export const receiptProblem = (file: File): string | null => {
  if (file.size > EXPENSE_RECEIPT_MAX_BYTES) return EXPENSE_MESSAGES.receiptTooLarge;
  if (file.type && !(EXPENSE_RECEIPT_TYPES as readonly string[]).includes(file.type))
    return EXPENSE_MESSAGES.receiptWrongType;
  return null;
};

/**
 * An expense's receipt: a photo taken with the phone's camera or a file chosen (JPEG, PNG, WebP or PDF, at
 * most 5 MB), uploaded at once (POST /hrm/expenses/receipts) while a bar runs; the server's refusal shows
 * under the buttons. Once stored: its name and size, View (a new tab) and Remove. `upload` false (no
 * upload-file on expense): the buttons say why they are missing.
 */
export const ReceiptField = ({
  value,
  onChange,
  viewUrl,
  upload,
  error,
}: {
  value: ExpenseReceiptDto | null;
  onChange: (receipt: ExpenseReceiptDto | null) => void;
  /** Where the stored receipt opens. */
  viewUrl: string | null;
  upload: boolean;
  /** A message of the line's checks (e.g. the same receipt twice). */
  error?: string;
}) => {
  const labelId = useId();
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A later pick wins over an earlier one still uploading.
  const latest = useRef(0);

  const pick = async (file: File | null) => {
    if (!file) return;
    const found = receiptProblem(file);
    setProblem(found);
    if (found) return;
    const attempt = ++latest.current;
    setUploading(file.name);
    try {
      const answer = await uploadReceipt(file);
      if (attempt === latest.current && answer.data) onChange(answer.data);
    } catch (e) {
      if (attempt === latest.current) setProblem(messageOf(e));
    } finally {
      if (attempt === latest.current) setUploading(null);
    }
  };

  const message = problem ?? error;
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        Receipt
      </Text>
      {value ? (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" truncate="end" title={value.originalName}>
              {value.originalName}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {fileSize(value.size)}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            {viewUrl && (
              <Anchor href={viewUrl} target="_blank" rel="noopener" size="sm">
                View
                <VisuallyHidden> receipt {value.originalName} (opens in a new tab)</VisuallyHidden>
              </Anchor>
            )}
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
              aria-label={`Remove receipt ${value.originalName}`}
            >
              Remove
            </Button>
          </Group>
        </Group>
      ) : upload ? (
        <Group gap="xs" wrap="wrap">
          <FileButton onChange={(f) => void pick(f)} accept="image/*" capture="environment">
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconCamera size={14} aria-hidden />}
                disabled={uploading !== null}
              >
                Take a photo
              </Button>
            )}
          </FileButton>
          <FileButton onChange={(f) => void pick(f)} accept="image/*,application/pdf">
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconFileUpload size={14} aria-hidden />}
                disabled={uploading !== null}
              >
                Choose a file
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            Photo or PDF, at most 5 MB
          </Text>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          You may not upload receipts.
        </Text>
      )}
      {uploading && (
        <div role="status">
          <Text size="xs" c="dimmed">
            Uploading {uploading}…
          </Text>
          <Progress value={100} animated striped size="sm" aria-label={`Uploading ${uploading}`} />
        </div>
      )}
      {message && (
        <Text size="xs" c="red.8" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
};
