/**
 * Registers the service worker (public/sw.js) that keeps my day readable offline. Only from my day:
 * dispatchers at a desk never get one. Failing to register (private mode, no HTTPS) just means no offline copy.
 */
export function registerServiceWorker(): void {
  if (!hasServiceWorker()) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => keepForOffline())
    .catch(() => undefined);
}

const hasServiceWorker = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/**
 * Hands the worker what this page fetched before the worker controlled it (the app's scripts and
 * styles, `/me`, the workspace, the day): on a first visit those went straight to the network, and
 * without them the first offline reload had no session to show. The worker keeps only what it
 * serves offline, and skips what it holds already, so calling this again (a new day loaded) is cheap.
 * Resolves when the worker has kept them (or there is none).
 */
export async function keepForOffline(): Promise<void> {
  if (!hasServiceWorker() || typeof performance === 'undefined') return;
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(window.location.origin));
  const channel = new MessageChannel();
  const kept = new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
  });
  worker.postMessage({ type: 'keep', urls }, [channel.port2]);
  await kept;
}
