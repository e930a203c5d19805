import { PROJECT_FILE_MAX_BYTES, PROJECT_MESSAGES, type QuotationDto } from '@karya/domain';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { GuardedDialogForm, useSaveOnce } from '../../components/form/guarded-dialog-form';
import { useIdempotencyKey } from '../../lib/idempotency';
import { withLoadingToast } from '../../lib/notify';
import { approveQuotation, projectChangeKeys, projectPath } from '../projects/api';
import { quotationNumber } from './quotation-display';

const PDF_ACCEPT = 'application/pdf,.pdf';
const PDF_NAME = /\.pdf$/i;

/**
 * Why a picked file may not be sent: not a PDF (by its type, or its name where the browser gives no type)
 * or over 5 MB; the server decides again by the file's content (decision 0016).
 */
export const projectFileProblem = (file: File, label: string): string | null => {
  const pdf = file.type ? file.type === 'application/pdf' : PDF_NAME.test(file.name);
  if (!pdf) return PROJECT_MESSAGES.fileNotPdf(label);
  if (file.size > PROJECT_FILE_MAX_BYTES) return PROJECT_MESSAGES.fileTooLarge(label);
  return null;
};

type Slot = { file: File | null; error: string | null };
const EMPTY: Slot = { file: null, error: null };

/** One of the two PDFs: the chosen file's name (or none), the choose button, and its message. */
const PdfField = ({
  label,
  slot,
  onPick,
  disabled,
}: {
  label: string;
  slot: Slot;
  onPick: (file: File | null) => void;
  disabled: boolean;
}) => {
  const hintId = useId();
  const errorId = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={`${hintId}-label`}>
      <Text size="sm" fw={500} id={`${hintId}-label`}>
        {label}{' '}
        <Text span c="red" aria-hidden>
          *
        </Text>
      </Text>
      <Group gap="sm" wrap="wrap">
        <FileButton
          onChange={() => undefined}
          accept={PDF_ACCEPT}
          disabled={disabled}
          inputProps={{
            'aria-label': label,
            onChange: (e: ChangeEvent<HTMLInputElement>) => {
              const file = e.currentTarget.files?.[0] ?? null;
              e.currentTarget.value = '';
              onPick(file);
            },
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              disabled={disabled}
              leftSection={<IconUpload size={16} aria-hidden />}
              aria-describedby={`${hintId}${slot.error ? ` ${errorId}` : ''}`}
            >
              {slot.file ? `Replace ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" id={hintId}>
          One PDF file, at most 5MB
        </Text>
      </Group>
      {slot.file && (
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFileTypePdf size={18} aria-hidden />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {slot.file.name}
          </Text>
        </Group>
      )}
      {slot.error && (
        <Text size="sm" c="red.8" role="alert" id={errorId}>
          {slot.error}
        </Text>
      )}
    </Stack>
  );
};

/**
 * Approve (spec 3 §4; decision 0016): the signed agreement and the customer's purchase order, each one PDF
 * of at most 5 MB, sent with the quotation to POST /crm/projects; a bar runs while they upload. On success
 * 'Quotation approved' and the new project opens. The dialog's Idempotency-Key is kept across the user's
 * retries after a lost answer, so pressing Approve again shows the success rather than a refusal.
 */
export const ApproveDialog = ({
  quotation: q,
  opened,
  onClose,
}: {
  quotation: QuotationDto;
  opened: boolean;
  onClose: () => void;
}) => {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [agreement, setAgreement] = useState<Slot>(EMPTY);
  const [purchaseOrder, setPurchaseOrder] = useState<Slot>(EMPTY);
  const save = useSaveOnce();
  // Pressed again after a lost answer (or a 5xx), the approval goes with the same Idempotency-Key: the
  // server answers the first success instead of 'already approved' (lib/idempotency.ts).
  const keeper = useIdempotencyKey();

  const pick = (set: (s: Slot) => void, label: string) => (file: File | null) => {
    if (!file) return;
    const problem = projectFileProblem(file, label);
    set(problem ? { file: null, error: problem } : { file, error: null });
  };
  const close = () => {
    setAgreement(EMPTY);
    setPurchaseOrder(EMPTY);
    save.setServerError(null);
    onClose();
  };
  const submit = () => {
    const a = agreement.file;
    const po = purchaseOrder.file;
    if (!a) setAgreement({ file: null, error: agreement.error ?? PROJECT_MESSAGES.agreementRequired });
    if (!po)
      setPurchaseOrder({ file: null, error: purchaseOrder.error ?? PROJECT_MESSAGES.purchaseOrderRequired });
    if (!a || !po) return;
    void save.run(async () => {
      const answer = await withLoadingToast('Approving quotation', () =>
        keeper.run((key) => approveQuotation(q._id, a, po, key)),
      );
      await Promise.all(projectChangeKeys.map((queryKey) => client.invalidateQueries({ queryKey })));
      close();
      navigate(projectPath(answer.data._id));
    });
  };

  return (
    <GuardedDialogForm
      opened={opened}
      onClose={close}
      dirty={Boolean(agreement.file || purchaseOrder.file)}
      title="Approve Quotation"
      save={save}
      submitLabel="Approve"
      onSubmit={submit}
    >
      <Text size="sm">
        {`Approving ${quotationNumber(q)} makes it a project. Attach the signed agreement and the customer's purchase order.`}
      </Text>
      <PdfField
        label="Agreement file"
        slot={agreement}
        onPick={pick(setAgreement, 'Agreement file')}
        disabled={save.saving}
      />
      <PdfField
        label="Purchase order file"
        slot={purchaseOrder}
        onPick={pick(setPurchaseOrder, 'Purchase order file')}
        disabled={save.saving}
      />
      {save.saving && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">Uploading the files…</Text>
          <Progress value={100} striped animated aria-label="Uploading the files" />
        </Stack>
      )}
    </GuardedDialogForm>
  );
};
