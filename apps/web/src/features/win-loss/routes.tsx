import { WIN_LOSS_PATH } from '@karya/domain';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** What the wins and losses teach (issue 26; decision 0017): one page, its own chunk. */
export const routes: RouteObject[] = [
  { path: WIN_LOSS_PATH.slice(1), element: lazyPage(() => import('./win-loss-page'), 'WinLossPage') },
];
