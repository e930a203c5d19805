import { MESSAGES } from '@karya/domain';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';

type NetworkInformation = EventTarget & { effectiveType?: string };

/** Offline, back-online and slow-connection toasts (spec 1 §8). */
export const useNetworkToasts = () => {
  useEffect(() => {
    const offline = () =>
      notifications.show({
        id: 'network-offline',
        color: 'red',
        title: 'Offline',
        message: MESSAGES.offline,
        autoClose: false,
      });
    const online = () => {
      notifications.hide('network-offline');
      notifications.show({ id: 'network-online', color: 'green', message: MESSAGES.online, autoClose: 4000 });
    };
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    const checkSpeed = () => {
      if (connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g')
        notifications.show({ id: 'network-slow', color: 'yellow', message: MESSAGES.slow, autoClose: 6000 });
    };
    if (!navigator.onLine) offline();
    checkSpeed();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    connection?.addEventListener('change', checkSpeed);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      connection?.removeEventListener('change', checkSpeed);
    };
  }, []);
};
