import {
  ASSIGNMENT_STATES,
  formatRequirementId,
  REQUIREMENT_MESSAGES,
  requirementIdFilterValue,
  requirementListSpec,
} from '@karya/domain';
import {
  ChoiceFilter,
  NumberRangeFilter,
  RefFilter,
  SequenceIdFilter,
  showDeleted,
  TextFilter,
  UserFilter,
} from '../../components/list/filter-fields';
import { DatedLifecycleFilters, DateRangeFilter, KindFilters } from '../../components/list/filter-kinds';
import { customerSource, itemSource } from './ref-sources';

/** What changes which filters show (spec 2 §6 "Requirement"). */
export type RequirementFilterPermissions = {
  /** The state filter: view-all on requirement. */
  state: boolean;
  /** Created By / Deleted By: suggestion on user. */
  users: boolean;
  /** The customer picker: suggestion on customer. */
  customers: boolean;
  /** The item picker: suggestion on product-item. */
  items: boolean;
};

/**
 * The inputs of 'Filter Requirements': number, title, customer, type, priority, status, items, budget range,
 * purchase date range, notes, created by, state (view-all), dates, Deleted / Deleted By (bulk-restore).
 */
export const RequirementFilterFields = ({
  canSeeDeleted,
  may,
}: {
  canSeeDeleted: boolean;
  may: RequirementFilterPermissions;
}) => (
  <>
    <SequenceIdFilter
      name="requirementId"
      label="Requirement ID"
      placeholder="RI0001 or 1"
      format={formatRequirementId}
      parse={requirementIdFilterValue}
      invalid={REQUIREMENT_MESSAGES.requirementIdInvalid}
    />
    <TextFilter name="title" label="Title" />
    <RefFilter
      name="customer"
      label="Customer"
      source={customerSource}
      canSearch={may.customers}
      plural="customers"
    />
    <KindFilters
      spec={requirementListSpec}
      labels={{ type: 'Type', priority: 'Priority', status: 'Status' }}
    />
    <RefFilter name="items" label="Items" source={itemSource} canSearch={may.items} plural="items" />
    <NumberRangeFilter name="budget" label="Budget" legend="Budget (Rs.)" decimals />
    <DateRangeFilter name="purchaseDate" label="Purchase Date" />
    <TextFilter name="notes" label="Notes" />
    {may.users && <UserFilter name="createdBy" label="Created By" canSearch />}
    {may.state && <ChoiceFilter name="state" label="Customer Assignment State" data={ASSIGNMENT_STATES} />}
    <DatedLifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted('requirements')}
      users={may.users}
      createdBy={false}
    />
  </>
);
