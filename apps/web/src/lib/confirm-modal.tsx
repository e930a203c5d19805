import { modals } from '@mantine/modals';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { notifyError } from './notify';

export type ConfirmModalProps = Parameters<typeof modals.openConfirmModal>[0];

type HostChunk = ComponentType<{ onReady: () => void }>;

/** Set while a ModalsHost is mounted: loads and mounts Mantine's ModalsProvider, resolves once it listens. */
let requestHost: (() => Promise<void>) | null = null;

/**
 * `modals.openConfirmModal`, for every confirmation of the app. Inside the signed-in frame the modals'
 * provider (with Mantine's Modal) is not part of the first render nor of the first download: a
 * `ModalsHost` loads it when the first confirmation is asked for, then this opens it. Without a host (the
 * unit tests mount Mantine's ModalsProvider themselves) it opens at once. If the provider's chunk cannot
 * be loaded (the connection dropped), the user is told instead of nothing happening.
 */
export const openConfirmModal = (asked: ConfirmModalProps) => {
  // Every confirmation's ✕ has a name (axe: button-name), as every other dialog's has.
  const props = { ...asked, closeButtonProps: { 'aria-label': 'Close', ...asked.closeButtonProps } };
  if (!requestHost) {
    modals.openConfirmModal(props);
    return;
  }
  requestHost().then(
    () => modals.openConfirmModal(props),
    () => notifyError(new Error('The dialog could not be opened. Check your connection and try again.')),
  );
};

/**
 * Where the confirmations render (the signed-in frame). Renders nothing until the first confirmation;
 * Mantine's ModalsProvider registers its listeners in a layout effect, so the chunk's `onReady` (a passive
 * effect of a later sibling) runs after it.
 */
export const ModalsHost = () => {
  const [Chunk, setChunk] = useState<HostChunk | null>(null);
  const ready = useRef<Promise<void> | null>(null);
  const resolveReady = useRef<() => void>(() => undefined);
  useEffect(() => {
    requestHost = () => {
      if (!ready.current)
        ready.current = new Promise<void>((resolve, reject) => {
          resolveReady.current = resolve;
          import('./modals-host-chunk').then(
            (m) => setChunk(() => m.ModalsHostChunk),
            (error) => {
              ready.current = null;
              reject(error);
            },
          );
        });
      return ready.current;
    };
    return () => {
      requestHost = null;
    };
  }, []);
  return Chunk ? <Chunk onReady={() => resolveReady.current()} /> : null;
};
