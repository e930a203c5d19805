import { Navigate, type RouteObject, useParams } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * The route table names create and update pages; the spec's forms are dialogs on the list, so they open
 * there (the update dialog under api.ts's VENDOR_UPDATE_HASH, not imported here to keep api out of the shell).
 */
const OpenEditDialog = () => {
  const { id = '' } = useParams();
  return <Navigate to={`/admin/products/vendors#update-${id}`} replace />;
};

export const routes: RouteObject[] = [
  { path: 'admin/products/vendors', element: lazyPage(() => import('./list-page'), 'VendorsListPage') },
  {
    path: 'admin/products/vendors/create',
    element: <Navigate to="/admin/products/vendors#create-vendor" replace />,
  },
  {
    path: 'admin/products/vendors/:id',
    element: lazyPage(() => import('./detail-page'), 'VendorDetailPage'),
  },
  { path: 'admin/products/vendors/:id/update', element: <OpenEditDialog /> },
];
