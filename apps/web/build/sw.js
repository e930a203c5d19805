// Karya's service worker. build/service-worker.ts fills in the version and the shell's files at build
// time and writes this to dist/sw.js. What it does, and why:
// - install: precache the app shell (index.html, the entry and its imports, the CSS, the sign-in page and
//   the shell chunks, the manifest and icons), so a repeat visit starts without waiting for the network.
//   It does not skipWaiting: a new release waits until the user clicks Reload in the app's prompt, so a
//   page is never replaced mid-form.
// - navigations: this release's index.html from the cache (its chunks are in the same cache); the browser
//   revalidates sw.js on each navigation (served no-cache), and a changed one is the next release.
// - /assets/*: hashed, so cache-first; chunks fetched on use join this release's cache (offline later).
// - /api/*: never touched; API answers are never served from a cache.
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `karya-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(
        keys.filter((k) => k.startsWith('karya-') && k !== CACHE).map((k) => caches.delete(k)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') self.skipWaiting();
});

const fromCacheThenNetwork = async (request, keep) => {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (keep && response.ok) await cache.put(request, response.clone());
  return response;
};

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      caches
        .open(CACHE)
        .then((cache) => cache.match('/index.html'))
        .then((hit) => hit ?? fetch(request)),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheThenNetwork(request, true));
    return;
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(fromCacheThenNetwork(request, false));
});
