import type { PermissionRef } from '@karya/domain';
import { lazy, Suspense } from 'react';

const WhoCanChunk = lazy(() => import('./who-can'));

/** WhoCan, fetched when first shown (see who-can.tsx). */
export const LazyWhoCan = (props: { needs: readonly PermissionRef[]; enabled?: boolean }) => (
  <Suspense fallback={null}>
    <WhoCanChunk {...props} />
  </Suspense>
);
