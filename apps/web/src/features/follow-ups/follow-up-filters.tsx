import { ASSIGNMENT_STATES, followUpListSpec } from '@karya/domain';
import { TextInput } from '@mantine/core';
import { useFilterPanel } from '../../components/list/filter-draft';
import {
  CheckFilter,
  ChoiceFilter,
  showDeleted,
  TextFilter,
  UserFilter,
} from '../../components/list/filter-fields';
import { DatedLifecycleFilters, DateRangeFilter, KindFilters } from '../../components/list/filter-kinds';

/** The follow-up number: FI0012 or 12, sent as the number; other text is kept and shown as invalid. */
const FollowUpIdFilter = () => {
  const { draft } = useFilterPanel();
  const number = typeof draft.values.followUpId === 'string' ? draft.values.followUpId : '';
  return (
    <TextInput
      label="Follow-up ID"
      placeholder="FI0012 or 12"
      value={number}
      onChange={(e) => {
        const t = e.currentTarget.value.trim().replace(/^FI/i, '');
        draft.set(
          'followUpId',
          /^\d{1,9}$/.test(t) ? String(Number(t)) : t ? e.currentTarget.value : undefined,
        );
      }}
      error={number && !/^\d{1,9}$/.test(number) ? 'Invalid Follow-up ID' : undefined}
    />
  );
};

/**
 * The inputs of 'Filter Follow Ups', bound to the drawer's draft: number, type, reason, status, date, the
 * people (with suggestion on user), response, next follow-up, no response, the state (view-all), Deleted and
 * Deleted By (bulk-restore), created and updated dates.
 */
export const FollowUpFilterFields = ({
  canSeeDeleted,
  may,
  self,
}: {
  canSeeDeleted: boolean;
  may: { users: boolean; state: boolean };
  self?: { _id: string; name: string } | null;
}) => (
  <>
    <FollowUpIdFilter />
    <KindFilters
      spec={followUpListSpec}
      labels={{ type: 'Type', reason: 'Reason', status: 'Status', date: 'Date' }}
    />
    <UserFilter name="followUpBy" label="Follow Up By" canSearch={may.users} self={self} />
    <UserFilter name="visitors" label="Visitors" canSearch={may.users} self={self} />
    <TextFilter name="response" label="Response or remarks" />
    <CheckFilter name="nextRequired" label="Another follow up required" />
    <DateRangeFilter name="nextDate" label="Next follow up date" />
    <CheckFilter name="noResponse" label="No response" description="Date passed and nothing written back" />
    {may.state && <ChoiceFilter name="state" label="State" data={ASSIGNMENT_STATES} />}
    <DatedLifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted('follow ups', 'active')}
      users={{ canSearch: may.users }}
      self={self}
    />
  </>
);
