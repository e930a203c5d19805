import type { CustomerDuplicateMatch } from '@karya/domain';
import { Alert, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { useCan } from '../../../app/auth';
import { api } from '../../../lib/api';
import { messageOf, withLoadingToast } from '../../../lib/notify';
import { checkCustomerNames, customerChangeKeys } from '../api';
import { download, findSimilar, progressOf, type Step, WorkingBar } from './import-parts';
import { ImportResults } from './import-results';
import { IMPORT_ACCEPT, IMPORT_MESSAGES as M } from './import-rules';
import { flagExistingNames, namesToCheck } from './row-checks';
import { runParse } from './run-parse';

/** POST /crm/customers/bulk with whole rows: one call per submit, all or none (decision 0006). */
const addCustomers = (customers: readonly Record<string, unknown>[]) =>
  api.post<{ _id: string; customerId: number; name: string }[]>('/crm/customers/bulk', customers);

/**
 * Import Customers (spec 2 §2 "Spreadsheet import dialog", §5; the list's #upload): choose an .xlsx, which is
 * checked, read and validated off the page's thread with its progress shown, its names checked against the
 * server, then a table of valid customers with 'Add valid customers' (one bulk call, all or none; imported
 * customers start unverified) and a table of errors (Customer No, Customer Name, Errors) to download as
 * customer-validation-errors.xlsx. The sample template downloads from here too.
 */
export const CustomerImportDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const phone = useMediaQuery('(max-width: 48em)');
  const client = useQueryClient();
  const { can } = useCan();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [skipSimilar, setSkipSimilar] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // The file being read; an answer for an earlier one (chosen again, or the dialog closed) is dropped.
  const current = useRef(0);
  // Stops the worker reading a file whose answer is no longer wanted.
  const reading = useRef<AbortController | null>(null);

  const reset = () => {
    current.current++;
    reading.current?.abort();
    setStep({ kind: 'idle' });
    setSaveError(null);
  };

  const close = () => {
    if (saving) return;
    reset();
    onClose();
  };

  const choose = async (file: File) => {
    const token = ++current.current;
    const live = () => token === current.current;
    setSaveError(null);
    setStep({ kind: 'working', fileName: file.name, progress: { stage: 'checking' } });
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    const outcome = await runParse(
      file,
      (progress) => {
        if (live()) setStep({ kind: 'working', fileName: file.name, progress });
      },
      controller.signal,
    ).catch(() => ({ ok: false as const, error: M.unreadable }));
    if (!live()) return;
    if (!outcome.ok) {
      setStep({ kind: 'refused', fileName: file.name, error: outcome.error });
      return;
    }
    setStep({ kind: 'working', fileName: file.name, progress: { stage: 'server' } });
    try {
      const answer = await withLoadingToast(M.checkingNames, () =>
        checkCustomerNames(namesToCheck(outcome.rows)),
      );
      if (!live()) return;
      const rows = flagExistingNames(outcome.rows, answer.data ?? []);
      const similar = can('customer', 'create')
        ? await findSimilar(rows.filter((r) => r.errors.length === 0))
        : new Map<number, CustomerDuplicateMatch[]>();
      if (!live()) return;
      setSkipSimilar(false);
      setStep({ kind: 'checked', fileName: file.name, rows, similar });
    } catch (error) {
      if (live()) setStep({ kind: 'refused', fileName: file.name, error: messageOf(error) });
    }
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Emptied so that the same file can be chosen again after it was corrected.
    event.currentTarget.value = '';
    if (file) void choose(file);
  };

  const rows = step.kind === 'checked' ? step.rows : [];
  const similar = step.kind === 'checked' ? step.similar : new Map<number, CustomerDuplicateMatch[]>();
  const allValid = rows.filter((r) => r.errors.length === 0);
  const valid = skipSimilar ? allValid.filter((r) => !similar.has(r.no)) : allValid;
  const invalid = rows.filter((r) => r.errors.length > 0);

  const addValid = async () => {
    if (saving) return;
    if (valid.length === 0) {
      setSaveError(M.noneValid);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await withLoadingToast(M.adding, () => addCustomers(valid.map((r) => r.customer)));
      for (const queryKey of customerChangeKeys) void client.invalidateQueries({ queryKey });
      setSaving(false);
      reset();
      onClose();
    } catch (error) {
      setSaving(false);
      setSaveError(messageOf(error));
    }
  };

  const working = step.kind === 'working';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Import Customers"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={!saving && !working}
      closeOnEscape={!saving}
    >
      <Stack gap="md">
        <Text size="sm">
          Choose an Excel file (.xlsx) with the headers of the sample file. Name and Type are required; at
          most 10,000 customers per file.
        </Text>
        <Group gap="sm">
          <FileButton
            onChange={() => undefined}
            accept={IMPORT_ACCEPT}
            inputProps={{ 'aria-label': 'Spreadsheet file', onChange: picked }}
            disabled={working || saving}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} aria-hidden />}
                disabled={working || saving}
              >
                Choose file
              </Button>
            )}
          </FileButton>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={() => void download('template')}
          >
            Download sample file
          </Button>
        </Group>

        {step.kind !== 'idle' && (
          <Text size="sm" c="dimmed">
            File: {step.fileName}
          </Text>
        )}
        {working && <WorkingBar {...progressOf(step.progress)} />}
        {step.kind === 'refused' && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
            title="File not imported"
          >
            {step.error}
          </Alert>
        )}

        {step.kind === 'checked' && (
          <ImportResults
            valid={valid}
            invalid={invalid}
            similar={similar}
            skipSimilar={skipSimilar}
            onSkipSimilar={setSkipSimilar}
            saving={saving}
            saveError={saveError}
            onAdd={addValid}
          />
        )}
      </Stack>
    </Modal>
  );
};
