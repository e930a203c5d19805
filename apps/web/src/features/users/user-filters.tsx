import { EMPLOYMENT_TYPES, GENDERS, MARITAL_STATUSES, USER_STATUSES } from '@karya/domain';
import { Select } from '@mantine/core';
import { useFilterPanel } from '../../components/list/filter-draft';
import { ChoiceFilter, showDeleted, TextFilter } from '../../components/list/filter-fields';
import { DatedLifecycleFilters } from '../../components/list/filter-kinds';

/** One choice, stored as a one-element list: the API takes these filters as arrays. */
const SingleFilter = ({ name, label, data }: { name: string; label: string; data: readonly string[] }) => {
  const { draft } = useFilterPanel();
  const value = draft.values[name];
  return (
    <Select
      label={label}
      data={data as string[]}
      value={(Array.isArray(value) ? (value[0] as string | undefined) : undefined) ?? null}
      onChange={(v) => draft.set(name, v ? [v] : undefined)}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
};

/** The inputs of the users filter drawer, bound to its draft. */
export const UserFilterFields = ({ canSeeDeleted }: { canSeeDeleted: boolean }) => (
  <>
    <TextFilter name="name" label="Name" />
    <TextFilter name="email" label="Email" />
    <TextFilter name="phone" label="Phone" type="tel" />
    <ChoiceFilter name="status" label="Status" data={USER_STATUSES} />
    <SingleFilter name="maritalStatus" label="Marital Status" data={MARITAL_STATUSES} />
    <SingleFilter name="employmentType" label="Employment Type" data={EMPLOYMENT_TYPES} />
    <SingleFilter name="gender" label="Gender" data={GENDERS} />
    <TextFilter name="address.city" label="City" />
    <TextFilter name="address.state" label="State" />
    <DatedLifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted('users')}
      users={false}
      toggle="switch"
    />
  </>
);
