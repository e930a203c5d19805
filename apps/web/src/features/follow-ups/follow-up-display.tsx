import { type FollowUpDto, type FollowUpStatus, followUpReasonText } from '@karya/domain';
import { Badge } from '@mantine/core';
import { formatDate, formatTime } from '../../components/record/format';

const STATUS_COLORS: Record<FollowUpStatus, string> = {
  Scheduled: 'blue',
  Pending: 'yellow',
  Completed: 'green',
  Cancelled: 'gray',
  Postponed: 'orange',
};

export const FollowUpStatusBadge = ({ status }: { status: FollowUpStatus }) => (
  <Badge variant="light" color={STATUS_COLORS[status]} size="sm">
    {status}
  </Badge>
);

/** '20/11/2026 10:30 AM' */
export const whenText = (f: Pick<FollowUpDto, 'date' | 'time'>) =>
  `${formatDate(f.date)} ${formatTime(f.time)}`;

/** What the reason links to, as one line (the requirement's number and title, or the other reason). */
export const reasonText = followUpReasonText;

/** Who does it: the visitors of a visit, else followUpBy. */
export const peopleOf = (f: Pick<FollowUpDto, 'type' | 'visitors' | 'followUpBy'>) =>
  f.type === 'Visit' ? f.visitors : f.followUpBy ? [f.followUpBy] : [];
