import { createContext, useContext } from 'react';
import type { Filters } from './list-params';

export type FilterDraft = {
  values: Filters;
  /** Set one draft value; undefined or '' clears it. */
  set: (name: string, value: unknown) => void;
};

/** Names of picked records by id (users, customers, items…), shared by the pickers of one filter panel. */
export type PickedNames = Record<string, string>;

type FilterPanel = { draft: FilterDraft; names: PickedNames; setNames: (names: PickedNames) => void };

/** The open filter panel's draft, which the kit's filter fields (filter-fields.tsx) read and write. */
export const FilterPanelContext = createContext<FilterPanel | null>(null);

export const useFilterPanel = (): FilterPanel => {
  const panel = useContext(FilterPanelContext);
  if (!panel) throw new Error('A filter field is used outside a FilterDrawer');
  return panel;
};
