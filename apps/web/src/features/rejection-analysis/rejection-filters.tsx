import { rejectionAnalysisListSpec } from '@karya/domain';
import { NumberRangeFilter, RefFilter, showDeleted, TextFilter } from '../../components/list/filter-fields';
import { DatedLifecycleFilters, DateRangeFilter, KindFilters } from '../../components/list/filter-kinds';
import { quotationSource } from '../quotations/quotation-filters';
import { customerSource } from '../requirements/ref-sources';

/** What changes which filters show (spec 2 §6 "Rejection analysis"). */
export type RejectionFilterPermissions = {
  quotations: boolean;
  customers: boolean;
  /** Created By / Deleted By: suggestion on user. */
  users: boolean;
};

/**
 * The inputs of 'Filter Rejection Analysis' (spec 2 §2 #filter): quotation, customer, rejection date range,
 * reason and competitor text, lost to, the competitor's offered amount range, then created by, the dates,
 * and with read (spec 2 §6) Deleted and Deleted By.
 */
export const RejectionFilterFields = ({
  canSeeDeleted,
  may,
}: {
  canSeeDeleted: boolean;
  may: RejectionFilterPermissions;
}) => (
  <>
    <RefFilter
      name="quotation"
      label="Quotation"
      source={quotationSource}
      canSearch={may.quotations}
      plural="quotations"
    />
    <RefFilter
      name="customer"
      label="Customer"
      source={customerSource}
      canSearch={may.customers}
      plural="customers"
    />
    <DateRangeFilter name="rejectionDate" label="Rejection Date" />
    <TextFilter name="reason" label="Rejection Reason" />
    <TextFilter name="competitor" label="Competitor" />
    <KindFilters spec={rejectionAnalysisListSpec} labels={{ lostTo: 'Lost To' }} />
    <NumberRangeFilter
      name="offeredAmount"
      label="Offered Amount"
      legend="Competitor's offered amount (₹)"
      decimals
    />
    <DatedLifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted('rejection analyses')}
      users={may.users}
    />
  </>
);
