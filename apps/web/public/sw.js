// Fieldplan's service worker: the technician's day readable offline. Hand-written, no
// library: the app shell (the page and its hashed assets) and the few API answers the my-day screen
// needs are kept from their last successful fetch and served when the network is gone.
// Everything else passes straight through; writes are never cached (my-day queues them itself).
// The first visit loads the page before this worker controls it, so the page hands over what it
// already fetched (a 'keep' message, features/my-day/register-sw.ts): the first offline reload works.

const shell = 'fieldplan-shell-v2';
const data = 'fieldplan-data-v2';

/** API answers my day reads: network first, the last good copy offline. */
const offlineApi = [
  /^\/api\/v1\/me$/,
  /^\/api\/v1\/config$/,
  /^\/api\/v1\/workspaces\/[^/]+$/,
  /^\/api\/v1\/workspaces\/[^/]+\/my-day$/,
  // A visit's work record (its checklists to answer), kept per ?occurrence= like the day per ?date=.
  /^\/api\/v1\/workspaces\/[^/]+\/jobs\/[^/]+\/record$/,
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(shell)
      .then((cache) => cache.addAll(['/', '/manifest.webmanifest', '/favicon.svg', '/icon-192.png']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== shell && k !== data).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/**
 * Keeps what the page loaded before this worker controlled it: hashed assets (once) and the API
 * answers my day reads (unless a newer copy is kept already). Anything else is ignored.
 */
async function keep(urls) {
  const [shellCache, dataCache] = await Promise.all([caches.open(shell), caches.open(data)]);
  await Promise.all(
    urls.map(async (raw) => {
      let url;
      try {
        url = new URL(raw, self.location.origin);
      } catch {
        return;
      }
      if (url.origin !== self.location.origin) return;
      const asset = url.pathname.startsWith('/assets/');
      if (!asset && !offlineApi.some((pattern) => pattern.test(url.pathname))) return;
      const cache = asset ? shellCache : dataCache;
      if (await cache.match(url.href, { ignoreVary: true })) return;
      try {
        const response = await fetch(url.href, { credentials: 'same-origin' });
        if (response.ok) await cache.put(url.href, response);
      } catch {
        // Offline already: the next visit keeps them.
      }
    }),
  );
}

self.addEventListener('message', (event) => {
  const message = event.data;
  if (message?.type !== 'keep' || !Array.isArray(message.urls)) return;
  const urls = message.urls.filter((u) => typeof u === 'string').slice(0, 500);
  event.waitUntil(keep(urls).then(() => event.ports[0]?.postMessage('kept')));
});

async function networkFirst(request, cacheName, fallbackUrl) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallbackUrl ?? request, response.clone());
    return response;
  } catch (error) {
    // Vary (accept-encoding) is the network's business; a kept copy serves any request for its URL.
    const cached = await cache.match(fallbackUrl ?? request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(shell);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing in or out: another person may use this phone next, so their day is not kept.
  if (request.method === 'POST' && /^\/api\/v1\/auth\/sign-(in|out)$/.test(url.pathname)) {
    event.waitUntil(caches.delete(data));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    // Every screen is the same page: the last one fetched opens any URL offline. Tracking pages stay
    // online only (a customer's link needs live data, and is not this app's shell).
    if (url.pathname.startsWith('/track/')) return;
    event.respondWith(networkFirst(request, shell, '/'));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (offlineApi.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(networkFirst(request, data));
  }
});
