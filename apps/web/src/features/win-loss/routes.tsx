import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * What the wins and losses teach (issue 26; decision 0017): one page, its own chunk. The path is written
 * out (WIN_LOSS_PATH in packages/domain): importing the domain here would put it in the shell's chunk.
 */
export const routes: RouteObject[] = [
  { path: 'admin/wins-and-losses', element: lazyPage(() => import('./win-loss-page'), 'WinLossPage') },
];
