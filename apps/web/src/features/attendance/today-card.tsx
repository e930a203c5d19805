import {
  ATTENDANCE_MESSAGES,
  type AttendanceMonthDto,
  appDayOf,
  attendanceDay,
  DEFAULT_ATTENDANCE_RULES,
  type PunchInput,
  SHIFT_MAX_MS,
  todayInAppZone,
} from '@karya/domain';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useAuth, useCan } from '../../app/auth';
import { messageOf, notifySuccess } from '../../lib/notify';
import { outbox } from '../../lib/outbox';
import {
  applyPunch,
  attendanceKeys,
  lastKnownToday,
  type PendingPunch,
  PUNCH_PATH,
  type PunchAnswer,
  sendPunch,
  useAttendanceMonth,
  usePendingPunches,
} from './api';
import { currentMonth, formatWorked, longDate, punchLabel, shortDate, timeOf } from './attendance-format';
import { punchLocation } from './punch-location';

type Punch = { kind: 'in' | 'out'; at: string };
const isWaiting = (p: PendingPunch) => p.state === 'waiting' || p.state === 'sending';

/** Re-renders every `ms` (the worked time of an open day grows). */
const useTick = (ms: number) => {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((t) => t + 1), ms);
    return () => clearInterval(id);
  }, [ms]);
};

/** Whether the user is checked in now by the server's last answer (an older one: a shift still running). */
const serverOpen = (today: AttendanceMonthDto['today'] | null, todayDate: string, now: number) => {
  if (!today?.open) return false;
  if (today.date === todayDate) return true;
  const lastIn = today.punches.findLast((p) => p.kind === 'in');
  return Boolean(lastIn && now - Date.parse(lastIn.at) <= SHIFT_MAX_MS);
};

const STATE_BADGE: Record<PendingPunch['state'], { label: string; color: string }> = {
  waiting: { label: 'Waiting to send', color: 'orange' },
  sending: { label: 'Sending…', color: 'blue' },
  conflict: { label: 'Not accepted', color: 'red' },
  failed: { label: 'Not accepted', color: 'red' },
};

/** The punches still on the device: waiting (they go by themselves), or refused, with the server's reason. */
const PendingList = ({ pending, todayDate }: { pending: PendingPunch[]; todayDate: string }) => (
  <Stack gap={6}>
    {pending.map((p) => {
      const day = appDayOf(p.at);
      const label = `${punchLabel(p.kind, p.at)}${day === todayDate ? '' : ` on ${shortDate(day)}`}`;
      const look = STATE_BADGE[p.state];
      return (
        <Stack key={p.id} gap={4}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{label}</Text>
            <Badge color={look.color} variant="light">
              {look.label}
            </Badge>
          </Group>
          {!isWaiting(p) && (
            <Alert color="red" variant="light" p="xs">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{p.message}</Text>
                <Button size="compact-sm" variant="default" onClick={() => outbox.discard(p.id)}>
                  Discard
                </Button>
              </Group>
            </Alert>
          )}
        </Stack>
      );
    })}
    {pending.some((p) => p.state === 'waiting') && (
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          It goes by itself when the connection returns, with the time you tapped.
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => void outbox.flush()}>
          Send now
        </Button>
      </Group>
    )}
  </Stack>
);

/**
 * Today at the top of the page: the date, whether the user is checked in, the time worked so far and one
 * big Check in / Check out button. A tap keeps its own time, asks the device's location (never waiting
 * more than a few seconds for it) and sends through the outbox: without signal the punch waits on the
 * device, the button flips at once (a check-out can follow while the check-in still waits) and both go
 * later, in order, with their own times.
 */
export const TodayCard = () => {
  const { user } = useAuth();
  const { can } = useCan();
  const client = useQueryClient();
  const meId = user?._id;
  const query = useAttendanceMonth(currentMonth(), null, meId);
  const pending = usePendingPunches(meId);
  const [inflight, setInflight] = useState<Punch | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // A second tap before the first has re-rendered the card is the same tap.
  const running = useRef(false);
  const headingId = useId();
  useTick(30_000);

  // A punch the outbox sent later: its day shows at once, without waiting for the refresh.
  useEffect(() => {
    if (!meId) return;
    return outbox.onSent((entry, data) => {
      if (entry.userId === meId && entry.path === PUNCH_PATH && data)
        applyPunch(client, meId, data as PunchAnswer);
    });
  }, [client, meId]);

  const now = new Date();
  const todayDate = todayInAppZone(now);
  const today = query.data?.today ?? lastKnownToday(meId);
  const waiting = pending.filter(isWaiting);
  const latest: Punch | undefined = inflight ?? waiting.at(-1);
  const open = latest ? latest.kind === 'in' : serverOpen(today, todayDate, now.getTime());
  const punches: Punch[] = [
    ...(today?.date === todayDate ? today.punches : []),
    ...waiting.filter((p) => appDayOf(p.at) === todayDate),
    ...(inflight ? [inflight] : []),
  ];
  const day = attendanceDay({
    date: todayDate,
    punches,
    rules: query.data?.rules ?? DEFAULT_ATTENDANCE_RULES,
    holiday: null,
    visits: 0,
    now,
  });
  const lastIn = punches.findLast((p) => p.kind === 'in');
  const lastOut = punches.findLast((p) => p.kind === 'out');
  const status = open
    ? lastIn
      ? `Checked in at ${timeOf(lastIn.at)}`
      : 'Checked in'
    : lastOut
      ? `Checked out at ${timeOf(lastOut.at)}`
      : 'Not checked in yet';

  const punch = async () => {
    if (!meId || running.current) return;
    running.current = true;
    const kind = open ? 'out' : 'in';
    // The moment of the tap, whatever the location and the connection take.
    const at = new Date().toISOString();
    setInflight({ kind, at });
    setProblem(null);
    setNote(null);
    const where = await punchLocation();
    const input: PunchInput = { kind, at, ...where };
    try {
      const result = await sendPunch(meId, input);
      if (result.sent) {
        applyPunch(client, meId, result.data);
        notifySuccess(
          result.message || (kind === 'in' ? ATTENDANCE_MESSAGES.checkedIn : ATTENDANCE_MESSAGES.checkedOut),
        );
      }
      if (!where) setNote('Your location was not available, so it was recorded without it.');
    } catch (error) {
      // Refused (say, already checked in from another device): the reason, and the server's state again.
      setProblem(messageOf(error));
      void client.invalidateQueries({ queryKey: attendanceKeys.all });
    } finally {
      running.current = false;
      setInflight(null);
    }
  };

  const busy = Boolean(inflight);
  const label = busy
    ? inflight?.kind === 'in'
      ? 'Checking in…'
      : 'Checking out…'
    : open
      ? 'Check out'
      : 'Check in';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="md">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed" id={headingId}>
              Today, {longDate(todayDate)}
            </Text>
            <Title order={3} size="h3" aria-live="polite">
              {status}
            </Title>
            {punches.length > 0 && (
              <Text size="sm">
                {open ? 'Worked so far' : 'Worked today'}: {formatWorked(day.workedMinutes)}
              </Text>
            )}
            {query.isPending && !today && (
              <Group gap={6}>
                <Loader size="xs" aria-hidden />
                <Text size="xs" c="dimmed">
                  Loading today…
                </Text>
              </Group>
            )}
            {query.isError && !today && (
              <Text size="xs" c="dimmed">
                Today's check-ins could not be loaded: {messageOf(query.error)}
              </Text>
            )}
          </Stack>
          {can('attendance', 'create') && (
            <Button
              size="xl"
              radius="md"
              color={open ? 'orange' : 'green'}
              miw={200}
              style={{ flexGrow: 1, maxWidth: 360 }}
              leftSection={
                busy ? (
                  <Loader size="sm" color="white" aria-hidden />
                ) : open ? (
                  <IconLogout2 size={24} aria-hidden />
                ) : (
                  <IconLogin2 size={24} aria-hidden />
                )
              }
              // Stays focusable while it sends (a disabled button would drop the keyboard's focus).
              aria-disabled={busy || undefined}
              data-disabled={busy || undefined}
              onClick={() => void punch()}
            >
              {label}
            </Button>
          )}
        </Group>
        {problem && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
        {pending.length > 0 && <PendingList pending={pending} todayDate={todayDate} />}
      </Stack>
    </Card>
  );
};
