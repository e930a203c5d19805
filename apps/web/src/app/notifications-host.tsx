import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(async () => ({
  default: (await import('./notifications-view')).NotificationsView,
}));

/**
 * Mantine's toast area, loaded with its stylesheet the first time something is shown: `notifications.show`
 * only writes to a store, which this watches, so the sign-in page's first paint carries neither the toasts'
 * code nor their CSS, and a toast shown before the chunk arrives appears once it has.
 */
export const NotificationsHost = () => {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (notifications.length > 0 || queue.length > 0)) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
};
