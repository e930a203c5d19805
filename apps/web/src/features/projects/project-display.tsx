import { PROJECT_STATUS_COLOR, type ProjectStatus } from '@karya/domain';
import { Badge, type BadgeProps } from '@mantine/core';

/** Spec 3 §3: Completed success, Initiated default, the others info. */
export const ProjectStatusBadge = ({
  status,
  size,
}: {
  status: ProjectStatus;
  size?: BadgeProps['size'];
}) => (
  <Badge color={PROJECT_STATUS_COLOR[status]} variant="light" size={size} tt="none">
    {status}
  </Badge>
);
