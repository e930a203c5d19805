import {
  formatQuotationId,
  QUOTATION_STATUS_COLOR,
  type QuotationStatus,
  REVIEW_STATUS_COLOR,
  type ReviewStatus,
} from '@karya/domain';
import { Badge, type BadgeProps } from '@mantine/core';

export { rupees } from '../../components/record/format';

/** 'ARR/0012', or 'ARR/0012/R2' when the version shown is a re-quotation. */
export const quotationNumber = (q: { quotationId: number; activeVersion: { versionNumber: number } }) =>
  formatQuotationId(q.quotationId, q.activeVersion.versionNumber);

/** Spec 3 §3: Draft default, ReQuoted info, Approved success, Rejected error. */
export const QuotationStatusBadge = ({
  status,
  size,
}: {
  status: QuotationStatus;
  size?: BadgeProps['size'];
}) => (
  <Badge color={QUOTATION_STATUS_COLOR[status]} variant="light" size={size} tt="none">
    {status}
  </Badge>
);

/** A re-quotation's review: Pending as a warning (spec 3 §3). */
export const ReviewStatusBadge = ({ status, size }: { status: ReviewStatus; size?: BadgeProps['size'] }) => (
  <Badge color={REVIEW_STATUS_COLOR[status]} variant="light" size={size} tt="none">
    {`Review ${status}`}
  </Badge>
);
