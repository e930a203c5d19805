import {
  ASSIGNMENT_STATES,
  CUSTOMER_MARGIN_TIERS,
  CUSTOMER_MESSAGES,
  customerIdFilterValue,
  customerListSpec,
  formatCustomerId,
} from '@karya/domain';
import { Select } from '@mantine/core';
import { useFilterPanel } from '../../components/list/filter-draft';
import {
  ChoiceFilter,
  NumberRangeFilter,
  SequenceIdFilter,
  showDeleted,
  UserFilter,
} from '../../components/list/filter-fields';
import { DatedLifecycleFilters, KindFilters } from '../../components/list/filter-kinds';

/** What the signed-in user may do that changes which filters show (spec 2 §6 "Customer"). */
export type CustomerFilterPermissions = {
  /** Assigned To: assign on customer. */
  assign: boolean;
  /** Re Assigned To: re-assign on customer. */
  reAssign: boolean;
  /** The state filter (Assigned, UnAssigned, Orphaned): view-all on customer. */
  state: boolean;
  /** Searching users (Created By, Deleted By, and the assignee pickers' search): suggestion on user. */
  users: boolean;
  /** Margin Tier: suggestion on product-margin. */
  marginTier: boolean;
};

/** Verified, Unverified or either. */
const VerifiedFilter = () => {
  const { draft } = useFilterPanel();
  const value = draft.values.verified;
  return (
    <Select
      label="Verified"
      data={[
        { value: 'true', label: 'Verified' },
        { value: 'false', label: 'Unverified' },
      ]}
      value={value === true ? 'true' : value === false ? 'false' : null}
      onChange={(v) => draft.set('verified', v === null ? undefined : v === 'true')}
      clearable
      placeholder="Any"
      comboboxProps={{ withinPortal: true }}
    />
  );
};

/**
 * The inputs of 'Filter Customers' (spec 2 §2 "Customer filter side panel", §6): customer id, type, name,
 * e-mail, phone, website, GSTIN (ours), the organisation subtypes, address, establishment year / students / rating
 * ranges, courses, notes, rating category, margin tier, assigned and re-assigned to, created by, verified,
 * the contact fields, the assignment state (view-all), the created and updated dates, and Deleted /
 * Deleted By (bulk-restore).
 */
export const CustomerFilterFields = ({
  canSeeDeleted,
  may,
  self,
}: {
  canSeeDeleted: boolean;
  may: CustomerFilterPermissions;
  self?: { _id: string; name: string } | null;
}) => (
  <>
    <SequenceIdFilter
      name="customerId"
      label="Customer ID"
      placeholder="CI0001 or 1"
      format={formatCustomerId}
      parse={customerIdFilterValue}
      invalid={CUSTOMER_MESSAGES.customerIdInvalid}
    />
    <KindFilters
      spec={customerListSpec}
      labels={{
        type: 'Type',
        name: 'Name',
        email: 'Email',
        phone: 'Phone',
        website: 'Website',
        gstin: 'GSTIN',
        organizationType: 'Organization Type',
        governmentType: 'Government Type',
        privateType: 'Private Type',
        officeType: 'Office Type',
        instituteType: 'Institute Type',
        schoolBoard: 'School Board',
        collegeType: 'College Type',
        address: 'Address',
        establishmentYear: 'Establishment Year',
        numberOfStudents: 'Number of Students',
        coursesOffered: 'Courses Offered',
        notes: 'Notes',
      }}
    />
    <NumberRangeFilter name="rating" label="Rating" decimals />
    <KindFilters spec={customerListSpec} labels={{ ratingCategory: 'Rating Category' }} />
    {may.marginTier && <ChoiceFilter name="marginTier" label="Margin Tier" data={CUSTOMER_MARGIN_TIERS} />}
    {may.assign && <UserFilter name="assignedTo" label="Assigned To" canSearch={may.users} self={self} />}
    {may.reAssign && (
      <UserFilter name="reAssignedTo" label="Re Assigned To" canSearch={may.users} self={self} />
    )}
    {may.users && <UserFilter name="createdBy" label="Created By" canSearch />}
    <VerifiedFilter />
    <KindFilters
      spec={customerListSpec}
      labels={{ contactName: 'Contact Name', contactEmail: 'Contact Email', contactPhone: 'Contact Phone' }}
    />
    {may.state && <ChoiceFilter name="state" label="Assignment State" data={ASSIGNMENT_STATES} />}
    <DatedLifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted('customers')}
      users={may.users}
      createdBy={false}
    />
  </>
);
