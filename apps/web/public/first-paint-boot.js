// The server's first paint (apps/server/src/platform/first-paint.ts): a page that arrives drawn shows at
// once, and its scripts are asked for only once it has painted, so that on a slow link they do not share
// the bandwidth with the page's stylesheets, nor hold back its first paint. The list of scripts is in the
// page's #karya-boot data block: the entry last, the rest as module preloads before it.
(() => {
  const data = document.getElementById('karya-boot');
  if (!data) return;
  const { entry, modules } = JSON.parse(data.textContent);
  const start = () => {
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // A frame callback runs once the page renders; the timeout after it, once that frame has painted.
  requestAnimationFrame(() => setTimeout(start, 0));
})();
