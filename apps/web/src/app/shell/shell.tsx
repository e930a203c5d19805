import { canAccessPath, MESSAGES, missingDependencies, ruleForPath } from '@karya/domain';
import { ActionIcon, Anchor, AppShell, Burger, Group, NavLink, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconBeach,
  IconBriefcase,
  IconBuildingStore,
  IconBulb,
  IconCalendarEvent,
  IconChartBar,
  IconChecklist,
  IconCircleCheck,
  IconClipboardList,
  IconFileInvoice,
  IconLayoutDashboard,
  IconLogout,
  IconMail,
  IconMessages,
  IconPackage,
  IconReceipt,
  IconShieldLock,
  IconUserCheck,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth';
import { BirthdayBanner } from '../birthday-banner';
import { CHANGE_PASSWORD_PATH, GlobalHandlers } from '../global-dialogs';
import { useBackspaceBack } from '../hooks/use-backspace-back';
import { useLogout } from '../hooks/use-logout';
import { useNumberWheelBlur } from '../hooks/use-number-wheel-blur';
import { useScrollRestoration } from '../hooks/use-scroll-restoration';
import { UnauthorizedPage } from '../pages/error-pages';
import { AreaSwitch } from './area-switch';
import { type Area, areaForPath, isEntryActive, visibleAreas, visibleEntries } from './menu';
import { ProfileAvatar } from './profile-avatar';

/** Rarely shown (a create page whose form cannot be finished): fetched when it is (decision 0014). */
const MissingDependencyPage = lazy(() =>
  import('../pages/missing-dependency-page').then((m) => ({ default: m.MissingDependencyPage })),
);

const ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  dashboard: IconLayoutDashboard,
  attendance: IconUserCheck,
  leave: IconBeach,
  task: IconChecklist,
  expense: IconReceipt,
  mail: IconMail,
  customer: IconUsers,
  'follow-up': IconMessages,
  product: IconPackage,
  requirement: IconClipboardList,
  quotation: IconFileInvoice,
  project: IconBriefcase,
  verification: IconCircleCheck,
  suggestion: IconBulb,
  rejection: IconAlertTriangle,
  user: IconUsers,
  team: IconUsersGroup,
  role: IconShieldLock,
  calendar: IconCalendarEvent,
  store: IconBuildingStore,
  chart: IconChartBar,
  // The books (issue 27 §3): the receipt icon the shell already carries.
  accounts: IconReceipt,
};

const SIDEBAR_QUERY = '(min-width: 768px)';

// The outbox's "Waiting to send" button (lib/outbox.ts) is its own chunk, fetched once the shell is up: it
// shows nothing until something waits, and the shell's first paint does not carry it.
const OutboxIndicator = lazy(() =>
  import('../outbox/outbox-indicator').then((m) => ({ default: m.OutboxIndicator })),
);
// The overdue / due-today badge beside Follow Up (decision 0010): its own small chunk, like the outbox's.
const FollowUpBadge = lazy(() => import('./follow-up-badge').then((m) => ({ default: m.FollowUpBadge })));

/**
 * The signed-in application frame (spec 1 §2 Shell): header with the sidebar toggle, the profile link and
 * Log out; a sidebar with the HRM / CRM / Admin switcher and that area's menu; the path guard; and the
 * global behaviours (dialogs, Backspace, wheel, scroll memory).
 */
export const Shell = () => {
  const { user, permissions } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { confirmLogout } = useLogout();
  // The server's first paint does not know the screen: it leaves the sidebar to the stylesheet (open from
  // the breakpoint up, closed below), which is what the first render here shows on either.
  const ssr = import.meta.env.SSR;
  const wide = useMediaQuery(SIDEBAR_QUERY, ssr || (window.matchMedia?.(SIDEBAR_QUERY).matches ?? true), {
    getInitialValueInEffect: false,
  });
  const [opened, setOpened] = useState(wide);
  useEffect(() => setOpened(wide), [wide]);

  useBackspaceBack();
  useNumberWheelBlur();
  useScrollRestoration();

  const pathname = location.pathname;
  const areas = visibleAreas(permissions);
  // A path in an area the user may not see (a 403 page, say /admin/users/… without read on admin) keeps the
  // menu of the first area they may see, not an empty sidebar.
  const pathArea = areaForPath(pathname);
  const area: Area | undefined = areas.some((a) => a.area === pathArea) ? pathArea : areas[0]?.area;
  const entries = area ? visibleEntries(area, permissions) : [];

  const mustChange = Boolean(user?.mustChangePassword);
  useEffect(() => {
    if (mustChange && pathname !== CHANGE_PASSWORD_PATH)
      notifications.show({
        id: 'password-change-required',
        color: 'yellow',
        message: MESSAGES.passwordChangeRequired,
      });
  }, [mustChange, pathname]);

  // On a phone the sidebar covers the page: any navigation closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => {
    if (!wide) setOpened(false);
  }, [pathname]);

  let content = <Outlet />;
  if (mustChange && pathname !== CHANGE_PASSWORD_PATH)
    content = <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  else if (!(mustChange && pathname === CHANGE_PASSWORD_PATH) && !canAccessPath(permissions, pathname))
    content = <UnauthorizedPage />;
  else {
    // A create page whose form cannot be finished (its pickers need permissions besides, issue 23).
    const rule = ruleForPath(pathname);
    const blocked = rule?.actions.find((a) => missingDependencies(permissions, rule.resource, a).length > 0);
    if (rule && blocked)
      content = (
        <Suspense fallback={null}>
          <MissingDependencyPage resource={rule.resource} action={blocked} />
        </Suspense>
      );
  }

  const firstName = user?.name.split(' ')[0] ?? '';

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: 248,
        breakpoint: 'sm',
        collapsed: ssr ? { mobile: true, desktop: false } : { mobile: !opened, desktop: !opened },
      }}
      padding="md"
    >
      <Anchor
        href="#main"
        pos="absolute"
        left={-9999}
        style={{ zIndex: 1000 }}
        onFocus={(e) => {
          e.currentTarget.style.left = '8px';
        }}
        onBlur={(e) => {
          e.currentTarget.style.left = '-9999px';
        }}
      >
        Skip to content
      </Anchor>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {ssr ? (
              // Drawn by the server, which does not know the screen: the icon that matches the sidebar the
              // stylesheet shows (open from the breakpoint up, closed below); the app then draws its own.
              <>
                <Burger opened size="sm" visibleFrom="sm" aria-label="Close navigation" />
                <Burger opened={false} size="sm" hiddenFrom="sm" aria-label="Open navigation" />
              </>
            ) : (
              <Burger
                opened={opened}
                onClick={() => setOpened((o) => !o)}
                size="sm"
                aria-label={opened ? 'Close navigation' : 'Open navigation'}
              />
            )}
            <Text component={Link} to="/" fw={800} size="lg" c="karya.7" style={{ textDecoration: 'none' }}>
              Karya
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {/* Native titles rather than Mantine's Tooltip: the shell renders on every page, and a floating
                tooltip's code and work are not worth two hints on icons that carry their names. */}
            <Suspense fallback={null}>
              <OutboxIndicator />
            </Suspense>
            <UnstyledButton
              component={Link}
              to="/hrm/profile"
              title="My profile"
              aria-label={`My profile (${user?.name ?? ''})`}
              style={{ display: 'flex', alignItems: 'center', gap: 8 }}
            >
              <ProfileAvatar
                src={user?.image?.url}
                name={user?.name}
                initial={firstName.charAt(0).toUpperCase()}
              />
              <Text size="sm" fw={500} visibleFrom="xs" maw={140} truncate>
                {firstName}
              </Text>
            </UnstyledButton>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Log out"
              title="Log out"
              onClick={confirmLogout}
            >
              <IconLogout size={20} />
            </ActionIcon>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main navigation">
        {areas.length > 0 && (
          <AppShell.Section mb="sm">
            <AreaSwitch
              areas={areas}
              value={area && areas.some((a) => a.area === area) ? area : ''}
              onChange={(value) => {
                const target = areas.find((a) => a.area === value);
                if (target) navigate(target.path);
              }}
            />
          </AppShell.Section>
        )}
        {/* A plain scrolling box: Mantine's ScrollArea measures itself on every resize, a forced layout
            as each page arrives on a phone. */}
        <AppShell.Section grow style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
          <nav aria-label={area ? `${area.toUpperCase()} menu` : 'Menu'}>
            {entries.map((entry) => {
              const Icon = ICONS[entry.icon] ?? IconLayoutDashboard;
              const active = isEntryActive(entry, pathname);
              return (
                <NavLink
                  key={entry.path}
                  component={Link}
                  to={entry.path}
                  label={entry.label}
                  leftSection={<Icon size={18} stroke={1.6} />}
                  rightSection={
                    entry.resource === 'follow-up' ? (
                      <Suspense fallback={null}>
                        <FollowUpBadge />
                      </Suspense>
                    ) : undefined
                  }
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </nav>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main" bg="gray.0" style={{ minHeight: '100dvh' }}>
        <BirthdayBanner />
        {content}
      </AppShell.Main>
      <GlobalHandlers />
    </AppShell>
  );
};
