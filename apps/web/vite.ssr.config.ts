import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server's first paint (src/entry-server.tsx): the same source built for Node into dist-ssr (outside
 * dist, so never served). Everything is bundled (the icon set and Mantine tree-shaken, as for the browser).
 * CSS modules get the same class names as the browser build (Vite names them by file and class).
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: false,
  },
  ssr: { noExternal: true, target: 'node' },
});
