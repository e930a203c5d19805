import type { Plugin } from 'vite';

const VIRTUAL = '\0karya:remove-scroll-class-names';

/**
 * Mantine's AppShell.Header (and Footer, Aside) import react-remove-scroll only to read two class names
 * from it (`RemoveScroll.classNames`, so that a fixed header keeps its place while a modal locks the
 * page's scroll). That import put the whole scroll-lock library (~5 KB gzip, with tslib) on every signed-in
 * page's first load, in the shell's chunk. For those three modules this resolves it to the two names,
 * read from the library's own constants; modals and drawers still get the real library, in their chunks.
 */
export const scrollClassNames = (): Plugin => ({
  name: 'karya:scroll-class-names',
  enforce: 'pre',
  resolveId(id, importer) {
    if (id === 'react-remove-scroll' && importer && /[\\/]AppShell(Header|Footer|Aside)\.mjs$/.test(importer))
      return VIRTUAL;
    return null;
  },
  load(id) {
    if (id !== VIRTUAL) return null;
    return [
      "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
      'export const RemoveScroll = { classNames: { zeroRight: zeroRightClassName, fullWidth: fullWidthClassName } };',
    ].join('\n');
  },
});
