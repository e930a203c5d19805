import { EXPENSE_MESSAGES, EXPENSE_STATUSES, expenseListSpec, formatClaimNo } from '@karya/domain';
import { ChoiceFilter, SequenceIdFilter, UserFilter } from '../../components/list/filter-fields';
import { KindFilters } from '../../components/list/filter-kinds';

const CLAIM_NO_RE = /^(?:EC)?0*(\d{1,9})$/i;
/** 'EC0003', 'ec3' or '3' → '3'; anything else is not a claim number. */
const claimNoValue = (typed: string) => {
  const m = CLAIM_NO_RE.exec(typed.trim());
  return m && Number(m[1]) > 0 ? String(Number(m[1])) : null;
};

/**
 * The inputs of 'Filter Claims', bound to the drawer's draft (loaded with it: the date pickers): claim id,
 * status, person (with suggestion on user), and the submitted, created and updated ranges.
 */
export const ExpenseFilterFields = ({
  canPickUsers,
  self,
}: {
  canPickUsers: boolean;
  self?: { _id: string; name: string } | null;
}) => (
  <>
    <SequenceIdFilter
      name="claimNo"
      label="Claim ID"
      placeholder="EC0001 or 1"
      format={formatClaimNo}
      parse={claimNoValue}
      invalid={EXPENSE_MESSAGES.claimNoInvalid}
    />
    <ChoiceFilter name="status" label="Status" data={EXPENSE_STATUSES} />
    <UserFilter name="user" label="Person" canSearch={canPickUsers} self={self} />
    <KindFilters
      spec={expenseListSpec}
      labels={{ submittedAt: 'Submitted Date', createdAt: 'Created Date', updatedAt: 'Updated Date' }}
    />
  </>
);
