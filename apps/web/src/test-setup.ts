import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';
import './lib/dayjs-setup';

// A page's first render waits for its lazy chunks, which vitest transforms on first import: on two busy
// cores (the web and server suites side by side) that took longer than the default one second in CI. Every
// findBy and waitFor may wait up to four; a test that passes still passes as soon as its element shows.
configure({ asyncUtilTimeout: 4000 });

// At the end of a file, unmount what is still mounted and let Mantine's transition timers (at most a few
// hundred milliseconds) run out while jsdom's window still exists: a timer that fired after the environment
// was torn down threw 'window is not defined' as an unhandled error, failing a run whose tests all passed.
// Mantine's toast store lives in node_modules, which the files of a worker share (vite.config.ts): a file
// starts with none and leaves none behind (a toast left by one file showed in another's toast area).
const noToasts = () => {
  notifications.clean();
  notifications.cleanQueue();
};
beforeAll(noToasts);
afterAll(async () => {
  cleanup();
  noToasts();
  await new Promise((resolve) => setTimeout(resolve, 500));
  // The files of a worker share one window and one module runner (vite.config.ts: isolate false): what a
  // file changed goes back before the next file starts. The app's own modules are evaluated afresh for the
  // next file (their state: the outbox, the pickers' caches, listeners); the libraries under node_modules
  // (React, Mantine), which are most of the import time, stay loaded.
  // The outbox's retry timer and listeners (module state that acts by itself) stop with their file.
  (await import('./lib/outbox')).stopOutbox();
  vi.resetModules();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom lacks a few browser APIs Mantine relies on; these stand-ins let components render in unit tests.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
