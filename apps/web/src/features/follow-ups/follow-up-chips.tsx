import { activeFollowUpChip, FOLLOW_UP_CHIPS, followUpChipRange } from '@karya/domain';
import { Chip, Group } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { ListParams } from '../../components/list/list-params';

/**
 * Spec 2 §2: Yesterday, Today, Tomorrow, This Week (Monday to the coming Saturday), This Month on the
 * follow-up's date; clicking the active chip clears it.
 */
export const FollowUpChips = ({ list, now }: { list: ListParams; now?: () => Date }) => {
  const active = activeFollowUpChip(list.filters.date, now?.());
  return (
    <Group gap={6} role="group" aria-label="Date quick filters" wrap="wrap">
      {FOLLOW_UP_CHIPS.map((chip) => (
        <Chip
          key={chip}
          size="sm"
          checked={active === chip}
          onChange={() =>
            list.setFilter('date', active === chip ? undefined : followUpChipRange(chip, now?.()))
          }
        >
          {chip}
        </Chip>
      ))}
    </Group>
  );
};

/** What another screen may send along to the list (spec 2 §2): the no-response flag or the label 'This Week'. */
export type FollowUpListState = { noResponse?: boolean; label?: string } | null;

/**
 * Applies the navigation state once: noResponse adds the noResponse filter, 'This Week' sets the date range
 * to this week (Monday to Saturday).
 */
export const NavigationStateFilters = ({ list }: { list: ListParams }) => {
  const state = useLocation().state as FollowUpListState;
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || !state) return;
    applied.current = true;
    if (state.noResponse) list.setFilter('noResponse', true);
    else if (state.label === 'This Week') list.setFilter('date', followUpChipRange('This Week'));
  }, [state, list]);
  return null;
};
