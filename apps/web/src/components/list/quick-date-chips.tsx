import { type DateRange, QUICK_DATES, type QuickDate, quickDateRange } from '@karya/domain';
import { Chip, Group } from '@mantine/core';

const isRange = (v: unknown): v is DateRange => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Which chip (if any) a date-range filter value equals today. */
export const activeQuickDate = (value: unknown, now: Date = new Date()): QuickDate | undefined => {
  if (!isRange(value)) return undefined;
  return QUICK_DATES.find((chip) => {
    const r = quickDateRange(chip, now);
    return r.start === value.start && r.end === value.end;
  });
};

/**
 * Today / Yesterday / This Week (Monday first) / This Month on a date-range filter. Choosing the active
 * chip clears the filter.
 */
export const QuickDateChips = ({
  value,
  onChange,
  label = 'Created',
  now,
}: {
  value: unknown;
  onChange: (range: DateRange | undefined) => void;
  label?: string;
  now?: () => Date;
}) => {
  const active = activeQuickDate(value, now?.());
  return (
    <Group gap={6} role="group" aria-label={`${label} date quick filters`} wrap="wrap">
      {QUICK_DATES.map((chip) => (
        <Chip
          key={chip}
          size="sm"
          checked={active === chip}
          onChange={() => onChange(active === chip ? undefined : quickDateRange(chip, now?.()))}
        >
          {chip}
        </Chip>
      ))}
    </Group>
  );
};
