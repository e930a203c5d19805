import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

const PROMPT_ID = 'new-version';

/**
 * Shows "A new version is available — Reload" for a worker that has installed and is waiting. Nothing
 * reloads until the user clicks: a form being filled is never replaced (and a dirty one still asks
 * before the page unloads, lib/leave-guard.tsx).
 */
const promptFor = (waiting: ServiceWorker) => {
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  notifications.show({
    id: PROMPT_ID,
    autoClose: false,
    withCloseButton: true,
    color: 'karya',
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">A new version is available</Text>
        <Button size="xs" onClick={() => waiting.postMessage({ type: 'SKIP_WAITING' })}>
          Reload
        </Button>
      </Group>
    ),
  });
};

/**
 * Registers /sw.js (production builds only; main.tsx decides) and watches for the next release: a waiting
 * worker at start, one that finishes installing later, and a check for a new sw.js every hour for a tab
 * left open (the browser also checks on each navigation).
 */
export const registerServiceWorker = async () => {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' });
  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      // Installed while another worker controls the page: a new release (the first install is not).
      if (worker.state === 'installed' && navigator.serviceWorker.controller) promptFor(worker);
    };
    check();
    worker.addEventListener('statechange', check);
  };
  if (registration.waiting && navigator.serviceWorker.controller) promptFor(registration.waiting);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  window.setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
};
