import { type RefNames, RefSelect } from '../../components/record/ref-pickers';
import { customerSource } from './ref-sources';

/** The requirement's customer: only customers the user sees (the customer suggestion is row-scoped). */
export const CustomerPicker = ({
  value,
  onChange,
  onBlur,
  canSearch,
  names,
  onNames,
  error,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  canSearch: boolean;
  names: RefNames;
  onNames: (names: RefNames) => void;
  error?: string;
}) => (
  <RefSelect
    label="Customer"
    value={value}
    onChange={onChange}
    onBlur={onBlur}
    source={customerSource}
    canSearch={canSearch}
    plural="customers"
    names={names}
    onNames={onNames}
    error={error}
  />
);
