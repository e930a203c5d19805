import { MAIL_STATUS_LABELS, MAIL_STATUSES, type MailDto, mailListSpec } from '@karya/domain';
import { Chip, Group } from '@mantine/core';
import { lazy } from 'react';
import type { ListParams } from '../../components/list/list-params';
import { RecordListPage } from '../../components/list/record-list-page';
import { useMailList } from './api';
import { MAIL_COLUMNS, MAIL_SORT_OPTIONS, MAIL_TABLE_MIN_WIDTH, MailCard } from './mail-columns';
import { subjectOf } from './mail-widgets';

// Downloaded when the filter drawer first opens (it carries the date picker).
const MailFilterFields = lazy(() => import('./mail-filters').then((m) => ({ default: m.MailFilterFields })));

/** Local storage keys of the Mail list. */
export const MAIL_LIMIT_KEY = 'mailLimit';
export const MAIL_FILTERS_KEY = 'mailFilters';
export const MAIL_FIELDS_KEY = 'mailFields';
export const MAIL_LAYOUT_KEY = 'mailLayout';

export const MAIL_EMPTY_TEXT = 'No mail found';

/** The status chips, in words; choosing the selected chip clears the status filter. */
const StatusChips = ({ list }: { list: ListParams }) => {
  const selected = Array.isArray(list.filters.status) ? (list.filters.status as string[]) : [];
  return (
    <Group gap={6} role="group" aria-label="Status quick filters" wrap="wrap">
      {MAIL_STATUSES.map((status) => {
        const checked = selected.includes(status);
        return (
          <Chip
            key={status}
            size="sm"
            checked={checked}
            onChange={() => list.setFilter('status', checked ? undefined : [status])}
          >
            {MAIL_STATUS_LABELS[status]}
          </Chip>
        );
      })}
    </Group>
  );
};

/**
 * /hrm/mail: the e-mails Karya sent to or for the signed-in user (codes, reminders, the quotations and
 * invoices they sent, leave decisions) with their delivery state; the list kit over GET /hrm/mail (the
 * server keeps it to the caller's own) with its filters, sort, table or cards. A row opens /hrm/mail/:id.
 */
export const MailListPage = () => (
  <RecordListPage<'mails', MailDto>
    resource="mail"
    title="Mail"
    plural="mails"
    pluralText="mails"
    spec={mailListSpec}
    useList={useMailList}
    storage={{
      limit: MAIL_LIMIT_KEY,
      filters: MAIL_FILTERS_KEY,
      fields: MAIL_FIELDS_KEY,
      layout: MAIL_LAYOUT_KEY,
    }}
    getId={(m) => m._id}
    getLabel={(m) => `${subjectOf(m.subject)}, to ${m.to}`}
    href={(id) => `/hrm/mail/${id}`}
    card={(m) => <MailCard mail={m} />}
    table={{ columns: MAIL_COLUMNS, minWidth: MAIL_TABLE_MIN_WIDTH }}
    sortOptions={MAIL_SORT_OPTIONS}
    chips={(list) => <StatusChips list={list} />}
    quickDates={{ filter: 'createdAt', label: 'Sent' }}
    filters={{ title: 'Filter Mail', fields: () => <MailFilterFields /> }}
    emptyText={MAIL_EMPTY_TEXT}
  />
);
