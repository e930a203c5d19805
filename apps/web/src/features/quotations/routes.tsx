import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * Quotations (spec 3 §2): the list, create, detail, update, re-quotation and preview under /crm/quotations;
 * the re-quotations waiting for review under /admin/verifications/quotations. Each page its own chunk.
 */
export const routes: RouteObject[] = [
  { path: 'crm/quotations', element: lazyPage(() => import('./list-page'), 'QuotationsListPage') },
  {
    path: 'crm/quotations/create',
    element: lazyPage(() => import('./form-pages'), 'QuotationCreatePage'),
  },
  {
    path: 'crm/quotations/:id',
    element: lazyPage(() => import('./detail-page'), 'QuotationDetailPage'),
  },
  {
    path: 'crm/quotations/:id/update',
    element: lazyPage(() => import('./form-pages'), 'QuotationUpdatePage'),
  },
  {
    path: 'crm/quotations/:id/re-quotation',
    element: lazyPage(() => import('./form-pages'), 'QuotationReQuotationPage'),
  },
  {
    path: 'crm/quotations/:id/preview',
    element: lazyPage(() => import('./preview-page'), 'QuotationPreviewPage'),
  },
  {
    path: 'admin/verifications/quotations',
    element: lazyPage(() => import('./verification-pages'), 'QuotationVerificationsPage'),
  },
  {
    path: 'admin/verifications/quotations/:id',
    element: lazyPage(() => import('./verification-pages'), 'QuotationVerificationPage'),
  },
];
