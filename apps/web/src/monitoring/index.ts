import type { MonitoringConfig } from '@fieldplan/shared';

type Sdk = typeof import('./sentry');

let resolveSdk: (sdk: Promise<Sdk | null>) => void = () => {};
/** Settles once the app knows whether monitoring is on (the SDK) or off (null). */
const sdk = new Promise<Sdk | null>((resolve) => {
  resolveSdk = resolve;
});
let started = false;
const reported = new WeakMap<object, Promise<string | undefined>>();

/**
 * Starts error reporting when a DSN is configured (call once, with null when it is off). The SDK
 * is a dynamic import, so a Fieldplan without monitoring never downloads it. Errors thrown
 * before it has loaded reach only the error boundary's own report.
 */
export function startMonitoring(config: MonitoringConfig | null | undefined, routePattern: () => string): void {
  if (started) return;
  started = true;
  if (!config?.dsn) {
    resolveSdk(Promise.resolve(null));
    return;
  }
  resolveSdk(
    import('./sentry')
      .then((module) => {
        module.start(config, routePattern);
        return module;
      })
      .catch(() => null),
  );
}

/**
 * Reports an error an error boundary caught (once per error object, however often the fallback
 * renders) and answers the event id, or undefined when monitoring is off.
 */
export function reportError(error: unknown): Promise<string | undefined> {
  const key = typeof error === 'object' && error !== null ? error : null;
  const known = key && reported.get(key);
  if (known) return known;
  const id = sdk.then((module) => module?.capture(error)).catch(() => undefined);
  if (key) reported.set(key, id);
  return id;
}

const missing = new Set<string>();

/**
 * A message the page's catalog lacks (it shows the English text meanwhile): reported once per id
 * and language — to error reporting in a production build (when monitoring is on), to the console
 * in development. Only the id and the language travel, nothing the user wrote.
 */
export function reportMissingMessage(id: string, locale: string): void {
  const key = `${locale}:${id}`;
  if (missing.has(key)) return;
  missing.add(key);
  if (import.meta.env.DEV) {
    console.warn(`No ${locale} message for ${id}: showing English`);
    return;
  }
  void sdk.then((module) => module?.captureMissingMessage(id, locale)).catch(() => undefined);
}
