import {
  activeFollowUpChip,
  FOLLOW_UP_CHIPS,
  FOLLOW_UP_DUE,
  type FollowUpDue,
  followUpChipRange,
} from '@karya/domain';
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
    <Group gap={6} wrap="wrap">
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
      <DueChips list={list} />
    </Group>
  );
};

/**
 * The work the dashboard and the menu badge count (decision 0007 "Due"): Overdue, Due today, Upcoming (the
 * `due` filter; a follow-up whose planned next follow-up is due is listed under it). One at a time; clicking
 * the active chip clears it.
 */
const DueChips = ({ list }: { list: ListParams }) => {
  const value = list.filters.due;
  const active = Array.isArray(value) && value.length === 1 ? (value[0] as FollowUpDue) : undefined;
  return (
    <Group gap={6} role="group" aria-label="Due quick filters" wrap="wrap">
      {FOLLOW_UP_DUE.map((due) => (
        <Chip
          key={due}
          size="sm"
          color={due === 'Overdue' ? 'red' : undefined}
          checked={active === due}
          onChange={() => list.setFilter('due', active === due ? undefined : [due])}
        >
          {due}
        </Chip>
      ))}
    </Group>
  );
};

/**
 * What another screen may send along to the list (spec 2 §2): the no-response flag or the label 'This Week';
 * the CRM dashboard's cards send `due` (one of FOLLOW_UP_DUE).
 */
export type FollowUpListState = { noResponse?: boolean; label?: string; due?: FollowUpDue } | null;

/**
 * Applies the navigation state once: due sets the due filter, noResponse adds the noResponse filter,
 * 'This Week' sets the date range to this week (Monday to Saturday).
 */
export const NavigationStateFilters = ({ list }: { list: ListParams }) => {
  const state = useLocation().state as FollowUpListState;
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || !state) return;
    applied.current = true;
    if (state.due && (FOLLOW_UP_DUE as readonly string[]).includes(state.due))
      list.setFilter('due', [state.due]);
    else if (state.noResponse) list.setFilter('noResponse', true);
    else if (state.label === 'This Week') list.setFilter('date', followUpChipRange('This Week'));
  }, [state, list]);
  return null;
};
