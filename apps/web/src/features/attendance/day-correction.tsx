import { type AttendanceDay, CORRECTION_MAX_DAYS, type CorrectionDto } from '@karya/domain';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconClockEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyPanel } from '../../lib/lazy-panel';
import { shiftDay, timeOf } from './attendance-format';
import { CORRECTION_COLORS, kindLabel } from './corrections-api';

// The form (with zod and the schema) is its own chunk, loaded the first time it opens.
const AskCorrectionDialog = lazyPanel(() =>
  import('./correction-dialogs').then((m) => m.AskCorrectionDialog),
);

/**
 * Whether a day of the user's own month can be corrected: today or a day of the last 31 that the server
 * still takes, whose check-out is missing or which counted as Absent or Half Day.
 */
export const correctable = (day: AttendanceDay, todayDate: string) =>
  day.date <= todayDate &&
  day.date >= shiftDay(todayDate, -CORRECTION_MAX_DAYS) &&
  (day.missingCheckOut || day.status === 'Absent' || day.status === 'Half Day');

/** A request of the day: 'Check-out at 06:30 PM' and its status. */
const Asked = ({ c }: { c: CorrectionDto }) => (
  <Group gap="xs" wrap="wrap">
    <Text size="sm">
      Correction: {kindLabel(c.kind)} at {timeOf(c.at)}
    </Text>
    <Badge size="sm" variant="light" color={CORRECTION_COLORS[c.status]}>
      {c.status === 'Pending' ? 'Waiting for a decision' : c.status}
    </Badge>
  </Group>
);

/**
 * The correction part of a day's details (the user's own month, with create on attendance): the requests
 * already made for the day, and "Ask for a correction" on a day that can be corrected.
 */
export const DayCorrection = ({
  day,
  todayDate,
  corrections,
}: {
  day: AttendanceDay;
  todayDate: string;
  /** The user's own requests (any day). */
  corrections: CorrectionDto[];
}) => {
  const [asking, setAsking] = useState<AttendanceDay | null>(null);
  const asked = corrections.filter((c) => c.date === day.date);
  const offer = correctable(day, todayDate);
  if (!asked.length && !offer && !asking) return null;
  return (
    <Stack gap="xs" mt="sm">
      {asked.map((c) => (
        <Asked key={c._id} c={c} />
      ))}
      {offer && (
        <Button
          variant="light"
          size="sm"
          leftSection={<IconClockEdit size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setAsking(day)}
        >
          Ask for a correction
        </Button>
      )}
      <AskCorrectionDialog day={asking ?? day} opened={asking !== null} onClose={() => setAsking(null)} />
    </Stack>
  );
};
