import { EXPENSE_PATH, expenseRegisterFileName, todayInAppZone } from '@karya/domain';
import { Button, Group, NativeSelect } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../../lib/notify';
import { saveBlob } from '../../lib/share-file';
import { monthName, shiftMonth } from './expense-format';

/** The months the register is offered for: this one and the twelve before it. */
const recentMonths = (thisMonth: string) => Array.from({ length: 13 }, (_, i) => shiftMonth(thisMonth, -i));

/**
 * The month's expense register as .xlsx (GET /hrm/expenses/register?month=): every expense of the claims
 * past Draft of the teams the caller manages, or everyone's with view-all. The server's refusal (403 for
 * someone who manages no team) is shown as it says it.
 */
export const RegisterDownload = () => {
  const thisMonth = todayInAppZone().slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(`/api${EXPENSE_PATH}/register?month=${month}`, { credentials: 'same-origin' });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? 'The register could not be made. Please try again.');
      }
      saveBlob(await res.blob(), expenseRegisterFileName(month));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap={6} wrap="nowrap" align="flex-end">
      <NativeSelect
        size="xs"
        label="Register month"
        data={recentMonths(thisMonth).map((m) => ({ value: m, label: monthName(m) }))}
        value={month}
        onChange={(e) => setMonth(e.currentTarget.value)}
      />
      <Button
        variant="light"
        size="xs"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        loading={busy}
        onClick={() => void download()}
      >
        Register (.xlsx)
      </Button>
    </Group>
  );
};
