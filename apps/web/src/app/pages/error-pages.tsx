import { MESSAGES } from '@karya/domain';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconLock, IconMapQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useRouteError } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { homePathFor } from '../areas';
import { useAuth } from '../auth';

export const HomeButton = ({ variant }: { variant?: 'filled' | 'light' }) => {
  const { permissions } = useAuth();
  return (
    <Button component={Link} to={homePathFor(permissions)} variant={variant}>
      Go to the dashboard
    </Button>
  );
};

export const ErrorLayout = ({
  icon,
  code,
  title,
  children,
  action,
  fullHeight,
}: {
  icon: ReactNode;
  code?: string;
  title: string;
  children: ReactNode;
  action: ReactNode;
  fullHeight?: boolean;
}) => {
  useDocumentTitle(title);
  return (
    <Center mih={fullHeight ? '100dvh' : '60vh'} p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="karya">
          {icon}
        </ThemeIcon>
        {code && (
          <Text c="dimmed" fw={700} size="sm" aria-hidden>
            {code}
          </Text>
        )}
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        {action}
      </Stack>
    </Center>
  );
};

/** Unknown paths (spec 1 §2). */
export const NotFoundPage = () => (
  <ErrorLayout icon={<IconMapQuestion size={36} />} code="404" title="Page Not Found" action={<HomeButton />}>
    The page you are looking for does not exist or has been moved.
  </ErrorLayout>
);

/**
 * A render error anywhere in the router tree (the router's errorElement). It may replace the shell, so it
 * takes the full height and offers a plain reload.
 */
export const CrashPage = () => (
  <ErrorLayout
    icon={<IconAlertTriangle size={36} />}
    title="Something went wrong"
    fullHeight
    action={<Button onClick={() => window.location.reload()}>Refresh Page</Button>}
  >
    {MESSAGES.crash}
  </ErrorLayout>
);

/**
 * A page's code could not be fetched: a release replaced the hashed chunks since this tab loaded, or the
 * connection dropped. Chromium, Firefox and Safari word the dynamic-import failure differently; Vite's own
 * preload helper adds "Unable to preload CSS". A reload fetches the current index.html and its chunks.
 */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported/i.test(
    error.message,
  );

export const ChunkErrorPage = ({ fullHeight }: { fullHeight?: boolean }) => (
  <ErrorLayout
    icon={<IconCloudOff size={36} />}
    title="This page could not be loaded"
    fullHeight={fullHeight}
    action={<Button onClick={() => window.location.reload()}>Reload</Button>}
  >
    A new version of Karya may have been released, or the connection dropped. Reload to continue.
  </ErrorLayout>
);

/**
 * A route's errorElement: a page whose chunk failed to load offers a reload; any other error is a crash.
 * `inShell` keeps the signed-in frame around it (the error stays in the page area).
 */
export const RouteErrorPage = ({ inShell }: { inShell?: boolean }) => {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkErrorPage fullHeight={!inShell} />;
  return <CrashPage />;
};

const UNAUTHORIZED_TITLE = 'You are Unauthorized';

/** The path is not allowed for the user's permissions (spec 1 §2, §8). */
export const UnauthorizedPage = () => (
  <ErrorLayout
    icon={<IconLock size={36} />}
    code="403"
    title={UNAUTHORIZED_TITLE}
    action={<HomeButton variant="light" />}
  >
    {MESSAGES.unauthorizedPage.replace(`${UNAUTHORIZED_TITLE}. `, '')}
  </ErrorLayout>
);
