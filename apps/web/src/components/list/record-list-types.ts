import type { ListPage, ListQuery, ListSpec } from '@karya/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ColumnDef } from './columns';
import type { FilterDraft } from './filter-draft';
import type { ListLayout } from './layout';
import type { ListParams } from './list-params';
import type { RecordGridProps } from './record-grid';
import type { PaletteItem } from './search-palette';
import type { SortOption } from './sort-menu';

// The declaration a record type's list page hands to RecordListPage (GUIDE convention 13), and its parts.

/** The part of a TanStack `useQuery` result of a list page the kit reads. */
export type ListQueryState<D> = {
  data?: D;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** The bulk calls of a record type (`useRecordLifecycle` with the bulk api); each resolves true on success. */
export type BulkLifecycle = {
  running: boolean;
  bulkRemove?: (ids: string[]) => Promise<boolean>;
  bulkRestore?: (ids: string[]) => Promise<boolean>;
  bulkRemovePermanently?: (ids: string[]) => Promise<boolean>;
};

/** A modal of a list page, open while the URL hash is `hash` (a reload keeps it open, Back closes it). */
export type HashModal = {
  hash: string;
  modal: (props: { opened: boolean; onClose: () => void }) => ReactNode;
};

/**
 * One entry of a floating create menu (spec 3 items: Create Item, Create Bulk Items): a page (`to`) or a
 * modal under a hash, shown with `needs` on the list's resource (default create).
 */
export type CreateMenuAction = { label: string; needs?: string } & ({ to: string } | HashModal);

/**
 * An entry of the list's own header menu (spec 2 customers: Check Customer, Import, Export), shown with
 * `needs` on the list's resource (any action of the array; none: always): a page (`to`) or an action.
 */
export type ListMenuAction = {
  label: string;
  icon?: ReactNode;
  needs?: string | readonly string[];
} & ({ to: string } | { onClick: () => void });

/** What a filter panel's fields get: the draft and whether the Deleted filters may be offered. */
export type FilterFieldsContext = { draft: FilterDraft; canSeeDeleted: boolean };

export type RecordListPageProps<K extends string, T, S = T> = {
  /** The resource whose permissions gate create, the bulk actions, the Deleted filter and search ('task'). */
  resource: string;
  /** Page title ('Tasks'); the table or grid's accessible name is `label` (defaults to the title). */
  title: string;
  label?: string;
  /** The plural noun in the answer's keys and in texts: 'tasks' → data.tasks, data.tasksCount, 'Deleted tasks'. */
  plural: K;
  /** The plural in texts when the answer's key is not a word ('productBrands' → 'brands'). */
  pluralText?: string;
  spec: ListSpec;
  /** localStorage keys: page size (required), filters, column arrangement and layout. */
  storage: { limit: string; filters?: string; fields?: string; layout?: string };
  /** The list query hook of the record type, e.g. useTasksList. */
  useList: (query: ListQuery) => ListQueryState<ListPage<K, T>>;
  getId: (row: T) => string;
  getLabel: (row: T) => string;
  /** The record's page, opened from a row, a card (unless `cardLinks`) or the palette. */
  href: (id: string) => string;
  card: (row: T) => ReactNode;
  /** The card holds its own links and menu: a click on it does not open the record. */
  cardLinks?: boolean;
  /** The list layout: a table of these columns beside the grid of cards, with the column dialog. */
  table?: { columns: readonly ColumnDef<T>[]; minWidth?: number; defaultLayout?: ListLayout };
  /** The sort menu's fields; none: no sort menu (a list the server answers in one order, like roles). */
  sortOptions?: readonly SortOption[];
  /** The list's own quick filters (status chips, a search box), before the quick-date chips. */
  chips?: (list: ListParams) => ReactNode;
  /** Quick-date chips on a date filter, e.g. { filter: 'createdAt', label: 'Created' }. */
  quickDates?: { filter: string; label: string };
  /** The filter panel (#filter) and the header's filter button; none: a list without filters (roles). */
  filters?: {
    title: string;
    fields: (ctx: FilterFieldsContext) => ReactNode;
    /** The panel's two buttons where the spec names them ('Reset Filter', 'Apply Filters'). */
    buttons?: { reset: string; apply: string };
  };
  /** Which actions show the Deleted filter (spec 1 §6 adds bulk-restore for users); default restore. */
  deletedFilterNeeds?: readonly string[];
  /** The Ctrl+K palette; it needs suggestion on the resource unless it searches through the list (`read`). */
  search?: {
    title: string;
    placeholder: string;
    needs?: 'suggestion' | 'read';
    queryKey: (text: string) => QueryKey;
    search: (text: string, signal: AbortSignal) => Promise<S[]>;
    toItem: (result: S) => PaletteItem;
    emptyText: string;
    /** Shown while a search runs (spec 3: 'Searching for items... Please wait.'). */
    loadingText?: string;
  };
  /**
   * Create: a link in the header, a floating button that opens a modal under a hash (both need create),
   * or a floating menu of several ways to create (each shown by its own action on the resource).
   */
  create?:
    | { label: string; to: string }
    | { label: string; hash: string; modal: (props: { opened: boolean; onClose: () => void }) => ReactNode }
    | { label: string; menu: readonly CreateMenuAction[] };
  /** Bulk Delete / Restore / Delete Permanently, each shown by its permission and the Deleted state. */
  bulk?: BulkLifecycle;
  /**
   * More entries of the header's menu (the … button), before Filter and Column Arrangement. With any
   * shown, the menu is there at every width (Filter stays a phone-only entry: wider screens have the button).
   */
  menu?: readonly ListMenuAction[];
  emptyText: string;
  /**
   * What opening a record does (a row, a card, a palette result), when it is not going to `href`: e.g.
   * a dialog on the list for record types without a page of their own (brands, margins).
   */
  openRecord?: (id: string) => void;
  /**
   * Past page 1 the earlier pages stay on screen above the current one (spec 3: category and class lists
   * append further pages), with a "Load more" button that asks for the next page.
   */
  append?: boolean;
  /** The answer holds every record (a short list, like roles): no pagination bar. */
  whole?: boolean;
  /** Columns of the grid of cards by width (default 1 on phones, 2 from sm, 3 from lg). */
  gridCols?: RecordGridProps<T>['cols'];
};
