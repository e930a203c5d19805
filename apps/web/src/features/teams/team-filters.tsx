import type { NumberRange } from '@karya/domain';
import { Checkbox, Group, NumberInput } from '@mantine/core';
import type { FilterDraft } from '../../components/list/filter-drawer';
import { FilterTextInput } from '../../components/list/filter-text-input';
import { UserMultiSelect } from '../users/user-pickers';

const ids = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
const bound = (v: unknown, key: keyof NumberRange): number | string => {
  const raw =
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw !== '' ? Number(raw) : Number.NaN;
  return Number.isFinite(n) ? n : '';
};

/** The inputs of the 'Filter Teams' drawer, bound to its draft. */
export const TeamFilterFields = ({
  draft,
  canSearchUsers,
  canSeeDeleted,
}: {
  draft: FilterDraft;
  canSearchUsers: boolean;
  canSeeDeleted: boolean;
}) => {
  const { values, set } = draft;
  const setBound = (key: keyof NumberRange, v: number | string) => {
    const min = key === 'min' ? v : bound(values.membersCount, 'min');
    const max = key === 'max' ? v : bound(values.membersCount, 'max');
    const range: NumberRange = {};
    if (typeof min === 'number') range.min = min;
    if (typeof max === 'number') range.max = max;
    set('membersCount', range.min === undefined && range.max === undefined ? undefined : range);
  };
  const users = (name: string, label: string) => (
    <UserMultiSelect
      label={label}
      value={ids(values[name])}
      onChange={(v) => set(name, v.length ? v : undefined)}
      canSearch={canSearchUsers}
    />
  );
  return (
    <>
      <FilterTextInput label="Name" value={values.name} onChange={(v) => set('name', v)} />
      <FilterTextInput
        label="Description"
        value={values.description}
        onChange={(v) => set('description', v)}
      />
      <Group grow gap="sm" align="flex-start">
        <NumberInput
          label="Members count min"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={bound(values.membersCount, 'min')}
          onChange={(v) => setBound('min', v)}
        />
        <NumberInput
          label="Members count max"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={bound(values.membersCount, 'max')}
          onChange={(v) => setBound('max', v)}
        />
      </Group>
      {users('members', 'Members')}
      {users('createdBy', 'Created By')}
      {canSeeDeleted && (
        <>
          <Checkbox
            label="Deleted"
            description="Show deleted teams instead of live ones"
            checked={values.isDeleted === true}
            onChange={(e) => set('isDeleted', e.currentTarget.checked ? true : undefined)}
            mt="xs"
          />
          {users('deletedBy', 'Deleted By')}
        </>
      )}
    </>
  );
};
