import { LEAVE_TYPES, leaveListSpec } from '@karya/domain';
import { ChoiceFilter, UserFilter } from '../../components/list/filter-fields';
import { KindFilters } from '../../components/list/filter-kinds';
import { typeLabel } from './leave-format';

const TYPE_CHOICES = LEAVE_TYPES.map((t) => ({ value: t, label: typeLabel(t) }));

/**
 * The inputs of 'Filter Leave', bound to the drawer's draft (loaded with it: the date pickers): status,
 * type, person (with suggestion on user), the from and to ranges and the day applied on.
 */
export const LeaveFilterFields = ({
  canPickUsers,
  self,
}: {
  canPickUsers: boolean;
  self?: { _id: string; name: string } | null;
}) => (
  <>
    <KindFilters spec={leaveListSpec} labels={{ status: 'Status' }} />
    <ChoiceFilter name="leaveType" label="Type" data={TYPE_CHOICES} />
    <UserFilter name="user" label="Person" canSearch={canPickUsers} self={self} />
    <KindFilters spec={leaveListSpec} labels={{ from: 'From', to: 'To', createdAt: 'Applied Date' }} />
  </>
);
