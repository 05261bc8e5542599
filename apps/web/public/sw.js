// Fieldplan's service worker: the technician's day readable offline. Hand-written, no
// library: the app shell (the page and its hashed assets) and the few API answers the my-day screen
// needs are kept from their last successful fetch and served when the network is gone.
// Everything else passes straight through; writes are never cached (my-day queues them itself).

const shell = 'fieldplan-shell-v1';
const data = 'fieldplan-data-v1';

/** API answers my day reads: network first, the last good copy offline. */
const offlineApi = [
  /^\/api\/v1\/me$/,
  /^\/api\/v1\/config$/,
  /^\/api\/v1\/workspaces\/[^/]+$/,
  /^\/api\/v1\/workspaces\/[^/]+\/my-day$/,
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

async function networkFirst(request, cacheName, fallbackUrl) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallbackUrl ?? request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(fallbackUrl ?? request);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(shell);
  const cached = await cache.match(request);
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
