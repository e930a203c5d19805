import { type FollowUpDto, formatFollowUpId } from '@karya/domain';
import type { ColumnDef } from '../../components/list/columns';
import { formatDate, formatTime } from '../../components/record/format';
import { FollowUpStatusBadge, reasonText } from './follow-up-display';

/**
 * The follow-up table (spec 2 §3): id, reason, customer, date, time, status and followUpBy shown; visitors,
 * response, the next follow-up's required flag, date and time, created by, created and updated hidden.
 */
export const FOLLOW_UP_COLUMNS: readonly ColumnDef<FollowUpDto>[] = [
  { key: 'followUpId', label: 'ID', value: (f) => formatFollowUpId(f.followUpId), width: 90 },
  { key: 'reason', label: 'Reason', value: (f) => reasonText(f), width: 200 },
  { key: 'customer', label: 'Customer', value: (f) => f.customer?.name, width: 220 },
  { key: 'date', label: 'Date', render: (f) => formatDate(f.date), width: 110 },
  { key: 'time', label: 'Time', render: (f) => formatTime(f.time), width: 100 },
  { key: 'status', label: 'Status', render: (f) => <FollowUpStatusBadge status={f.status} />, width: 120 },
  { key: 'followUpBy', label: 'Follow Up By', value: (f) => f.followUpBy, width: 150 },
  { key: 'visitors', label: 'Visitors', value: (f) => f.visitors, defaultHidden: true },
  { key: 'response', label: 'Response', value: (f) => f.response ?? f.remarks, defaultHidden: true },
  {
    key: 'nextFollowUp.nextRequired',
    label: 'Next Required',
    value: (f) => (f.nextFollowUp?.nextRequired ? 'Yes' : 'No'),
    defaultHidden: true,
  },
  {
    key: 'nextFollowUp.date',
    label: 'Next Date',
    render: (f) => formatDate(f.nextFollowUp?.date ?? null),
    defaultHidden: true,
  },
  {
    key: 'nextFollowUp.time',
    label: 'Next Time',
    render: (f) => formatTime(f.nextFollowUp?.time ?? null),
    defaultHidden: true,
  },
  { key: 'createdBy', label: 'Created By', value: (f) => f.createdBy, defaultHidden: true },
  { key: 'createdAt', label: 'Created On', render: (f) => formatDate(f.createdAt), defaultHidden: true },
  { key: 'updatedAt', label: 'Updated On', render: (f) => formatDate(f.updatedAt), defaultHidden: true },
];

/** Wide enough for the seven default columns before the table scrolls sideways. */
export const FOLLOW_UP_TABLE_MIN_WIDTH = 1000;
