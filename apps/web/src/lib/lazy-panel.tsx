import { Loader, Overlay } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

/** Shown while a panel's chunk downloads: a spinner over the page, so the click visibly did something. */
const PanelLoader = () => (
  <Overlay fixed backgroundOpacity={0.15} zIndex={300} center>
    <Loader role="status" aria-label="Loading" />
  </Overlay>
);

const Mounted = ({ onMount }: { onMount: () => void }) => {
  useEffect(onMount, [onMount]);
  return null;
};

/**
 * A dialog, drawer or other panel (`opened` / closed) whose code is downloaded the first time it opens,
 * not with the page: `const TaskFormModal = lazyPanel(() => import('./task-form').then((m) =>
 * m.TaskFormModal))`. Until then it renders nothing; while the chunk loads a spinner covers the page. The
 * panel is first mounted closed and opened on the next render, so Mantine's Modal and Drawer record the
 * element that had focus and give it back on close, as when they were mounted with the page; once loaded it
 * stays mounted, so it closes with its transition and reopens at once.
 */
export const lazyPanel = <P extends { opened?: boolean }>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <PanelLoader />,
) => {
  const Lazy = lazy(async () => ({ default: await load() }));
  const Panel = (props: P & { opened: boolean }) => {
    const [used, setUsed] = useState(props.opened);
    const [mounted, setMounted] = useState(false);
    if (props.opened && !used) setUsed(true);
    if (!used && !props.opened) return null;
    return (
      <Suspense fallback={props.opened ? fallback : null}>
        <Lazy {...props} opened={props.opened && mounted} />
        <Mounted onMount={() => setMounted(true)} />
      </Suspense>
    );
  };
  return Panel;
};
