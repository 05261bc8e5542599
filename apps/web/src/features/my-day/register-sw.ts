/**
 * Registers the service worker (public/sw.js) that keeps my day readable offline. Only from my day:
 * dispatchers at a desk never get one. Failing to register (private mode, no HTTPS) just means no offline copy.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
