import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * Product items (spec 3 §2): the list, create, detail, update and the specification viewer under
 * /crm/products/items; the items waiting for verification and the suggested items under /admin.
 */
export const routes: RouteObject[] = [
  { path: 'crm/products/items', element: lazyPage(() => import('./list-page'), 'ItemsListPage') },
  { path: 'crm/products/items/create', element: lazyPage(() => import('./form-pages'), 'ItemCreatePage') },
  { path: 'crm/products/items/:id', element: lazyPage(() => import('./detail-page'), 'ItemDetailPage') },
  {
    path: 'crm/products/items/:id/update',
    element: lazyPage(() => import('./form-pages'), 'ItemUpdatePage'),
  },
  {
    path: 'crm/products/items/:id/specifications',
    element: lazyPage(() => import('./specifications-page'), 'ItemSpecificationsPage'),
  },
  {
    path: 'admin/verifications/items',
    element: lazyPage(() => import('./verification-pages'), 'ItemVerificationsPage'),
  },
  {
    path: 'admin/verifications/gst-rates',
    element: lazyPage(() => import('./verification-pages'), 'ItemGstRatesPage'),
  },
  {
    path: 'admin/suggestions/items',
    element: lazyPage(() => import('./verification-pages'), 'ItemSuggestionsPage'),
  },
];
