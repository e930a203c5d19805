import { type DateRange, QUICK_DATES, type QuickDate, quickDateRange, type WeekEnd } from '@karya/domain';
import { Chip, Group } from '@mantine/core';

const isRange = (v: unknown): v is DateRange => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Which chip (if any) a date-range filter value equals today. */
export const activeQuickDate = (
  value: unknown,
  now: Date = new Date(),
  weekEnd: WeekEnd = 'sunday',
): QuickDate | undefined => {
  if (!isRange(value)) return undefined;
  return QUICK_DATES.find((chip) => {
    const r = quickDateRange(chip, now, weekEnd);
    return r.start === value.start && r.end === value.end;
  });
};

/**
 * Today / Yesterday / This Week (Monday first; ending Sunday, or the coming Saturday with
 * `weekEnd="saturday"` as the follow-up chips do) / This Month on a date-range filter. Choosing the active
 * chip clears the filter.
 */
export const QuickDateChips = ({
  value,
  onChange,
  label = 'Created',
  now,
  weekEnd = 'sunday',
}: {
  value: unknown;
  onChange: (range: DateRange | undefined) => void;
  label?: string;
  now?: () => Date;
  weekEnd?: WeekEnd;
}) => {
  const active = activeQuickDate(value, now?.(), weekEnd);
  return (
    <Group gap={6} role="group" aria-label={`${label} date quick filters`} wrap="wrap">
      {QUICK_DATES.map((chip) => (
        <Chip
          key={chip}
          size="sm"
          checked={active === chip}
          onChange={() => onChange(active === chip ? undefined : quickDateRange(chip, now?.(), weekEnd))}
        >
          {chip}
        </Chip>
      ))}
    </Group>
  );
};
