import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toast area itself, only ever loaded lazily by NotificationsHost. */
export const NotificationsView = () => <Notifications position="top-center" limit={4} />;
