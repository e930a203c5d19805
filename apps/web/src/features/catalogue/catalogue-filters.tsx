import { Checkbox } from '@mantine/core';
import type { FilterDraft } from '../../components/list/filter-drawer';
import { FilterTextInput } from '../../components/list/filter-text-input';
import { UserMultiSelect } from '../users/user-pickers';

const ids = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);

/**
 * The filter panel of a catalogue list (brands, categories, classes, margins, vendors share it): the
 * record type's text fields, Created By, and — with restore on the resource — Deleted and Deleted By.
 */
export const CatalogueFilterFields = ({
  draft,
  texts,
  plural,
  canSearchUsers,
  canSeeDeleted,
  children,
}: {
  draft: FilterDraft;
  texts: readonly { key: string; label: string }[];
  plural: string;
  canSearchUsers: boolean;
  canSeeDeleted: boolean;
  children?: React.ReactNode;
}) => {
  const { values, set } = draft;
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
      {texts.map((t) => (
        <FilterTextInput key={t.key} label={t.label} value={values[t.key]} onChange={(v) => set(t.key, v)} />
      ))}
      {children}
      {users('createdBy', 'Created By')}
      {canSeeDeleted && (
        <>
          <Checkbox
            label="Deleted"
            description={`Show deleted ${plural} instead of live ones`}
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
