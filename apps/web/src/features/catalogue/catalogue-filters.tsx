import type { ReactNode } from 'react';
import { LifecycleFilters, showDeleted, TextFilter } from '../../components/list/filter-fields';

/**
 * The filter panel of a catalogue list (brands, categories, classes, margins, vendors share it): the
 * record type's text fields, Created By, and — with restore on the resource — Deleted and Deleted By.
 */
export const CatalogueFilterFields = ({
  texts,
  plural,
  canSearchUsers,
  canSeeDeleted,
  children,
}: {
  texts: readonly { key: string; label: string }[];
  plural: string;
  canSearchUsers: boolean;
  canSeeDeleted: boolean;
  children?: ReactNode;
}) => (
  <>
    {texts.map((t) => (
      <TextFilter key={t.key} name={t.key} label={t.label} />
    ))}
    {children}
    <LifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted(plural)}
      users={{ canSearch: canSearchUsers }}
    />
  </>
);
