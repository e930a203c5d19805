import type { ListPage, ListQuery } from '@karya/domain';
import { Box, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { messageOf } from '../../lib/notify';
import type { ColumnDef } from './columns';
import type { ListParams } from './list-params';
import { EmptyState, ErrorState, ListSkeleton } from './list-states';
import { RecordGrid } from './record-grid';
import type { ListQueryState, RecordListPageProps } from './record-list-types';
import { RecordTable } from './record-table';
import type { Selection } from './selection';

/**
 * One earlier page of an appending list, shown above the current page: its own query (so a change to the
 * records refreshes it like the current one), in the same layout.
 */
const EarlierPage = <K extends string, T>({
  page,
  query,
  useList,
  plural,
  render,
}: {
  page: number;
  query: ListQuery;
  useList: (query: ListQuery) => ListQueryState<ListPage<K, T>>;
  plural: K;
  render: (rows: readonly T[]) => ReactNode;
}) => {
  const result = useList({ ...query, page });
  const rows: readonly T[] = result.data?.[plural] ?? [];
  return rows.length ? <Box mb="md">{render(rows)}</Box> : null;
};

/**
 * The body of a list page: the skeleton, the error or the empty state, else the rows as a table or a grid
 * of cards (with the earlier pages and Load more of an appending list).
 */
export const ListResults = <K extends string, T, S>({
  props,
  query,
  data,
  rows,
  drawn,
  list,
  tableLayout,
  columns,
  selection,
  onOpen,
}: {
  props: RecordListPageProps<K, T, S>;
  query: ListQueryState<ListPage<K, T>>;
  /** The deferred answer (drawn in a transition), its rows, and those drawn so far. */
  data: ListPage<K, T> | undefined;
  rows: readonly T[];
  drawn: readonly T[];
  list: ListParams;
  tableLayout: boolean;
  columns: readonly ColumnDef<T>[];
  selection?: Selection;
  onOpen: (row: T) => void;
}) => {
  const label = props.label ?? props.title;
  const total = data?.[`${props.plural}Count`] as number | undefined;
  const retry = () => query.refetch();
  const render = (shown: readonly T[], name: string, selecting?: Selection) =>
    tableLayout ? (
      <RecordTable
        label={name}
        rows={shown}
        columns={columns}
        getId={props.getId}
        getLabel={props.getLabel}
        onOpen={onOpen}
        selection={selecting}
        minWidth={props.table?.minWidth}
      />
    ) : (
      <RecordGrid
        label={name}
        rows={shown}
        getId={props.getId}
        getLabel={props.getLabel}
        onOpen={props.cardLinks ? undefined : onOpen}
        selection={selecting}
        renderCard={props.card}
        cols={props.gridCols}
      />
    );

  if (query.isPending || (query.data && !data)) return <ListSkeleton />;
  if (query.isError && !data) return <ErrorState message={messageOf(query.error)} onRetry={retry} />;
  if (rows.length === 0) return <EmptyState message={props.emptyText} />;
  return (
    <div
      style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      aria-busy={query.isFetching}
    >
      {props.append &&
        Array.from({ length: list.page - 1 }, (_, i) => i + 1).map((page) => (
          <EarlierPage
            key={page}
            page={page}
            query={list.query}
            useList={props.useList}
            plural={props.plural}
            render={(pageRows) => render(pageRows, `${label}, page ${page}`)}
          />
        ))}
      {render(drawn, label, selection)}
      {query.isError && <ErrorState message={messageOf(query.error)} onRetry={retry} />}
      {props.append && total !== undefined && list.page * list.limit < total && (
        <Group justify="center" mt="md">
          <Button variant="light" onClick={() => list.setPage(list.page + 1)} loading={query.isFetching}>
            Load more
          </Button>
        </Group>
      )}
    </div>
  );
};
