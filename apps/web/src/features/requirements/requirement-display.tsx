import type { RequirementPriority, RequirementStatus } from '@karya/domain';
import { Badge, type BadgeProps } from '@mantine/core';

/** Badge colours of the requirement statuses and priorities (cosmetic). */
export const REQUIREMENT_STATUS_COLORS: Record<RequirementStatus, string> = {
  Open: 'blue',
  'In Progress': 'cyan',
  Completed: 'green',
  Closed: 'gray',
};
export const REQUIREMENT_PRIORITY_COLORS: Record<RequirementPriority, string> = {
  Low: 'gray',
  Medium: 'orange',
  High: 'red',
};

export const RequirementStatusBadge = ({ status, ...props }: { status: RequirementStatus } & BadgeProps) => (
  <Badge variant="light" color={REQUIREMENT_STATUS_COLORS[status] ?? 'gray'} tt="none" {...props}>
    {status}
  </Badge>
);
export const RequirementPriorityBadge = ({
  priority,
  ...props
}: { priority: RequirementPriority } & BadgeProps) => (
  <Badge variant="outline" color={REQUIREMENT_PRIORITY_COLORS[priority] ?? 'gray'} tt="none" {...props}>
    {priority}
  </Badge>
);

const INR = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
/** Spec 2 §9: the budget with an Rs. prefix ('Rs. 8,50,000'). */
export const formatBudget = (budget: number | null | undefined) =>
  budget === null || budget === undefined ? null : `Rs. ${INR.format(budget)}`;
