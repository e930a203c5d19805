import { Button, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { messageOf } from '../../lib/notify';
import { EmptyState, ErrorState } from '../list/list-states';
import { PageHeader } from '../page-header';
import type { DetailQueryState } from './detail-frame';

/**
 * The page around a record's create or update form: the header with Back, and for an update the record's
 * loading, not-found (with a way back) and error states, so the form itself only ever gets a loaded record.
 *
 * ```tsx
 * <RecordFormPage title="Update Team" maw={960} query={useTeam(id)} noun="team" notFoundText="Team not found"
 *   backTo={{ to: '/admin/teams', label: 'Back to teams' }}>
 *   {(team) => <TeamForm key={team._id} mode="update" team={team} />}
 * </RecordFormPage>
 * ```
 */
export const RecordFormPage = <T,>({
  title,
  maw,
  query,
  noun = 'record',
  notFoundText,
  backTo,
  children,
}: {
  title: string;
  maw?: number;
  noun?: string;
} & (
  | { query?: undefined; notFoundText?: undefined; backTo?: undefined; children: () => ReactNode }
  | {
      query: DetailQueryState<T>;
      notFoundText: string;
      backTo: { to: string; label: string };
      children: (record: T) => ReactNode;
    }
)) => {
  let body: ReactNode;
  if (!query) body = (children as () => ReactNode)();
  else if (query.data) body = children(query.data);
  else if (query.isError && isApiError(query.error) && query.error.status === 404)
    body = (
      <EmptyState message={notFoundText}>
        <Button component={Link} to={backTo.to} variant="light">
          {backTo.label}
        </Button>
      </EmptyState>
    );
  else if (query.isError)
    body = (
      <ErrorState message={messageOf(query.error)} onRetry={query.refetch && (() => query.refetch?.())} />
    );
  else
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={`Loading ${noun}`} />
      </Center>
    );
  return (
    <Stack gap={0} maw={maw}>
      <PageHeader title={title} back />
      {body}
    </Stack>
  );
};
