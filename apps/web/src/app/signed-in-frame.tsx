// The stylesheets only signed-in pages need (pickers, the Ctrl+K palette, the dropzone, every other Mantine
// component); the sign-in page's first paint loads the few component sheets main.tsx names.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/spotlight/styles.css';
import '@mantine/dropzone/styles.css';
import '../lib/dayjs-setup';
import { DatesProvider } from '@mantine/dates';
import type { RouteObject } from 'react-router';
import { ModalsHost } from '../lib/confirm-modal';
import { Shell } from './shell/shell';

/**
 * Every feature's signed-in routes (`routes` in features/<name>/routes.tsx), here rather than in the entry:
 * app/router.tsx adds them to the router (`patchRoutesOnNavigation`) once this chunk, which every signed-in
 * page loads anyway, is in. The sign-in page so carries no route of any other feature, and a new record
 * type's routes cost it nothing. The route files are small; each names its pages with `lazyPage`.
 */
export const shellRoutes: RouteObject[] = Object.values(
  import.meta.glob<RouteObject[] | undefined>(['../features/*/routes.tsx', '!../features/auth/routes.tsx'], {
    eager: true,
    import: 'routes',
  }),
).flatMap((routes) => routes ?? []);

/**
 * The signed-in shell with the providers only its pages use (date pickers' settings, the host of the confirmations):
 * one chunk that app/router.tsx loads lazily, so the entry and the sign-in page carry none of it.
 */
export const SignedInFrame = () => (
  <DatesProvider settings={{ firstDayOfWeek: 1, locale: 'en' }}>
    <Shell />
    {/* Confirmations: Mantine's modals provider, loaded on the first one (lib/confirm-modal.tsx). */}
    <ModalsHost />
  </DatesProvider>
);
