import { ATTENDANCE_PATH, attendanceRegisterFileName } from '@karya/domain';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../../lib/notify';
import { saveBlob } from '../../lib/share-file';
import { monthName } from './attendance-format';

/** The month's register as .xlsx (the team's, or everyone's with view-all), for HR and the payroll. */
export const RegisterButton = ({ month }: { month: string }) => {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(`/api${ATTENDANCE_PATH}/register?month=${month}`, {
        credentials: 'same-origin',
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? 'The register could not be made. Please try again.');
      }
      saveBlob(await res.blob(), attendanceRegisterFileName(month));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      size="compact-sm"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={busy}
      onClick={() => void download()}
    >
      Register, {monthName(month)} (.xlsx)
    </Button>
  );
};
