import { cleanup, configure } from '@testing-library/react';
import { afterAll } from 'vitest';
import './lib/dayjs-setup';

// A page's first render waits for its lazy chunks, which vitest transforms on first import: on two busy
// cores (the web and server suites side by side) that took longer than the default one second in CI. Every
// findBy and waitFor may wait up to four; a test that passes still passes as soon as its element shows.
configure({ asyncUtilTimeout: 4000 });

// At the end of a file, unmount what is still mounted and let Mantine's transition timers (at most a few
// hundred milliseconds) run out while jsdom's window still exists: a timer that fired after the environment
// was torn down threw 'window is not defined' as an unhandled error, failing a run whose tests all passed.
afterAll(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 500));
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
