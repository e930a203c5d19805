import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * Rejection analysis (spec 2 §2; issue 26): the list, detail and update under /admin/rejection-analysis, and
 * the creation form where Reject on a quotation leads, under the quotation's own path. Each page its own chunk.
 */
export const routes: RouteObject[] = [
  {
    path: 'crm/quotations/:quotationId/rejection-analysis',
    element: lazyPage(() => import('./form-pages'), 'RejectionCreatePage'),
  },
  {
    path: 'admin/rejection-analysis',
    element: lazyPage(() => import('./list-page'), 'RejectionListPage'),
  },
  {
    path: 'admin/rejection-analysis/:id',
    element: lazyPage(() => import('./detail-page'), 'RejectionDetailPage'),
  },
  {
    path: 'admin/rejection-analysis/:id/update',
    element: lazyPage(() => import('./form-pages'), 'RejectionUpdatePage'),
  },
];
