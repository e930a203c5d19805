import {
  ChoiceFilter,
  LifecycleFilters,
  NumberRangeFilter,
  RefFilter,
  showDeleted,
  TextFilter,
} from '../../components/list/filter-fields';
import { DateRangeFilter } from '../../components/list/filter-kinds';
import type { RefSource } from '../../components/record/ref-pickers';

const MIN_MAX = ['Min', 'Max'] as const;

/**
 * The filter panel of purchases and sales (spec 3 §2): the vendor or customer, invoice number, invoice
 * date range, total amount range, for sales the total GST amount as its own range and the sales that need an
 * e-way bill and lack it, created by, and for
 * restore-permitted users deleted by and Deleted.
 */
export const TradeFilterFields = ({
  canSeeDeleted,
  party,
  withGst,
  canSearchUsers,
  plural,
}: {
  canSeeDeleted: boolean;
  party: { key: string; label: string; plural: string; source: RefSource; canSearch: boolean };
  withGst: boolean;
  canSearchUsers: boolean;
  plural: string;
}) => (
  <>
    <RefFilter
      name={party.key}
      label={party.label}
      plural={party.plural}
      source={party.source}
      canSearch={party.canSearch}
    />
    <TextFilter name="invoiceNo" label="Invoice No" />
    <DateRangeFilter name="invoiceDate" label="Invoice Date" />
    <NumberRangeFilter name="totalAmount" label="Total Amount" ends={MIN_MAX} decimals />
    {withGst && <NumberRangeFilter name="totalGSTAmount" label="Total GST Amount" ends={MIN_MAX} decimals />}
    {withGst && (
      // Sales worth more than ₹50,000 without their e-way bill's number (issue 27 §2).
      <ChoiceFilter
        name="eWayBill"
        label="E-way Bill"
        data={[{ value: 'Missing', label: 'Needed and missing' }]}
      />
    )}
    <LifecycleFilters canSeeDeleted={canSeeDeleted} deleted={showDeleted(plural)} users={canSearchUsers} />
  </>
);
