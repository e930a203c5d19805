import { canAccessPath } from '@karya/domain';
import { Anchor, type AnchorProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth, usePermissionsIfKnown } from '../../app/auth';

/** Whether the signed-in user may open a web path (the route-permission table in packages/domain). */
export const useCanOpen = () => {
  const { permissions } = useAuth();
  return (path: string) => canAccessPath(permissions, path);
};

/** useCanOpen where the provider may be absent: then every path counts as open. */
export const useCanOpenIfKnown = () => {
  const permissions = usePermissionsIfKnown();
  return (path: string) => !permissions || canAccessPath(permissions, path);
};

/**
 * A link to a record's page, or just its text when the user may not open that page: an assignee's name
 * without read on user is plain text, never a link to the 403 page.
 */
export const RecordLink = ({ to, children, ...props }: AnchorProps & { to: string; children: ReactNode }) => {
  const canOpen = useCanOpen();
  if (!canOpen(to))
    return (
      <Text
        component="span"
        size={props.size}
        fw={props.fw}
        truncate={props.truncate}
        inherit={props.inherit}
      >
        {children}
      </Text>
    );
  return (
    <Anchor component={Link} to={to} {...props}>
      {children}
    </Anchor>
  );
};
