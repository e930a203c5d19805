import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useCan } from '../../app/auth';

/** A tab, shown with `action` (default read) on its resource. */
export type Tab = { label: string; path: string; resource: string; action?: string };

/** Spec 3 §2 "Catalogue tabs (CRM)": each shown only with read on its resource. */
export const CRM_PRODUCT_TABS: readonly Tab[] = [
  { label: 'Items', path: '/crm/products/items', resource: 'product-item' },
  { label: 'Brands', path: '/crm/products/brands', resource: 'product-brand' },
  { label: 'Categories', path: '/crm/products/categories', resource: 'product-category' },
  { label: 'Classes', path: '/crm/products/classes', resource: 'product-class' },
];

/** Spec 3 §2 "Product area tab bar (admin)", in the spec's order. */
export const ADMIN_PRODUCT_TABS: readonly Tab[] = [
  { label: 'Stocks', path: '/admin/products/stocks', resource: 'product-stock' },
  { label: 'Purchases', path: '/admin/products/purchases', resource: 'product-purchase' },
  { label: 'Sales', path: '/admin/products/sales', resource: 'product-sale' },
  { label: 'Vendors', path: '/admin/products/vendors', resource: 'product-vendor' },
  { label: 'Margins', path: '/admin/products/margins', resource: 'product-margin' },
];

/**
 * Spec 3 §2 "Verifications": Items and Quotations, each shown with verification on its resource; and the
 * items whose GST rate is no longer in force (issue 27 §1), shown with update on items.
 */
export const VERIFICATION_TABS: readonly Tab[] = [
  { label: 'Items', path: '/admin/verifications/items', resource: 'product-item', action: 'verification' },
  {
    label: 'Quotations',
    path: '/admin/verifications/quotations',
    resource: 'quotation',
    action: 'verification',
  },
  { label: 'GST rates', path: '/admin/verifications/gst-rates', resource: 'product-item', action: 'update' },
];

/**
 * A product area's tab bar (also the verification and suggestion tabs): the tabs the user may open, as
 * links (they change the page, so they are navigation, not ARIA tabs); the current one is marked with
 * aria-current.
 */
export const ProductTabs = ({ tabs, label }: { tabs: readonly Tab[]; label: string }) => {
  const { can } = useCan();
  const { pathname } = useLocation();
  const shown = tabs.filter((t) => can(t.resource, t.action ?? 'read'));
  if (shown.length === 0) return null;
  const current = shown.find((t) => pathname === t.path || pathname.startsWith(`${t.path}/`))?.path;
  return (
    <Group component="nav" aria-label={label} gap={4} mb="md" wrap="wrap">
      {shown.map((t) => (
        <Button
          key={t.path}
          component={Link}
          to={t.path}
          size="sm"
          variant={t.path === current ? 'light' : 'subtle'}
          aria-current={t.path === current ? 'page' : undefined}
        >
          {t.label}
        </Button>
      ))}
    </Group>
  );
};

export const CrmProductTabs = () => <ProductTabs tabs={CRM_PRODUCT_TABS} label="Catalogue" />;
export const AdminProductTabs = () => <ProductTabs tabs={ADMIN_PRODUCT_TABS} label="Products" />;
