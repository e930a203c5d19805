import { ComingSoonPage } from '../coming-soon/coming-soon-view';
import { AdminProductTabs } from './product-tabs';

/** A product tab whose screens come in a later issue: the tab bar, then "Coming soon". */
export const AdminProductComingSoonPage = () => (
  <>
    <AdminProductTabs />
    <ComingSoonPage />
  </>
);
