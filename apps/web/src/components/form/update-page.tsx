import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { DetailQueryState } from '../record/detail-frame';
import { RecordFormPage } from '../record/record-form-page';

/** 'follow-up' → 'Follow Up' (a page title), 'follow ups' (a list's name). */
const titled = (noun: string) =>
  noun.replace(/(^|-)(\w)/g, (_, dash, c) => `${dash ? ' ' : ''}${c.toUpperCase()}`);

type UpdatePageProps<T> = {
  title: string;
  maw: number;
  noun: string;
  notFoundText: string;
  backTo: { to: string; label: string };
  useRecord: (id: string | undefined) => DetailQueryState<T>;
  children: (record: T) => ReactNode;
};

/**
 * The page of a record's update form at `…/:id/update`: the record loaded by `useRecord` (the feature's
 * query hook, given the address's id), with RecordFormPage's loading, not-found and error states.
 */
export const UpdateFormPage = <T,>({ useRecord, children, ...page }: UpdatePageProps<T>) => {
  const { id } = useParams();
  return (
    <RecordFormPage {...page} query={useRecord(id)}>
      {children}
    </RecordFormPage>
  );
};

/**
 * A record type's Create and Update pages around its one form: 'Create Team' at …/create, and 'Update Team'
 * at …/:id/update once the record has loaded (else 'Team not found' with 'Back to teams'). `form` is given
 * the record to update, or nothing to create one.
 *
 * ```tsx
 * export const [TeamCreatePage, TeamUpdatePage] = recordFormPages(
 *   { noun: 'team', maw: 960, listPath: '/admin/teams' },
 *   { useRecord: useTeam, notFoundText: TEAM_MESSAGES.notFound },
 *   (team) => <TeamForm key={team?._id} mode={team ? 'update' : 'create'} team={team} />,
 * );
 * ```
 */
export const recordFormPages = <T,>(
  page: { noun: string; maw: number; listPath: string },
  load: { useRecord: (id: string | undefined) => DetailQueryState<T>; notFoundText: string },
  form: (record?: T) => ReactNode,
) => {
  const title = titled(page.noun);
  const CreatePage = () => (
    <RecordFormPage title={`Create ${title}`} maw={page.maw}>
      {() => form()}
    </RecordFormPage>
  );
  const UpdatePage = () => (
    <UpdateFormPage
      title={`Update ${title}`}
      maw={page.maw}
      noun={page.noun}
      {...load}
      backTo={{ to: page.listPath, label: `Back to ${page.noun.replace(/-/g, ' ')}s` }}
    >
      {(record) => form(record)}
    </UpdateFormPage>
  );
  return [CreatePage, UpdatePage] as const;
};
