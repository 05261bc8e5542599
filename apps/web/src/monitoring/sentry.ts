import { type MonitoringConfig, scrubBreadcrumb, scrubEvent } from '@fieldplan/shared';
import {
  type Breadcrumb,
  browserTracingIntegration,
  captureException,
  captureMessage,
  type ErrorEvent,
  type EventHint,
  init,
} from '@sentry/react';
import { isNoise } from './noise';

/**
 * The Sentry SDK, loaded (as its own chunk) only when the server hands the browser a DSN. Envelopes
 * go through our tunnel; reports carry the route pattern, not the URL, and no personal data.
 */
export function start(config: MonitoringConfig, routePattern: () => string) {
  init({
    dsn: config.dsn,
    tunnel: config.tunnel,
    release: config.release,
    environment: config.environment,
    sampleRate: config.sampleRate,
    tracesSampleRate: config.tracesSampleRate,
    // SDK 11's form of `sendDefaultPii: false`: no user info, cookies, headers, bodies or query strings.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    // Keep "Failed to fetch" as the browser wrote it (the SDK would append the host to the real error).
    enhanceFetchErrorMessages: false,
    // With tracing on, page loads and navigations are named by the route pattern too.
    integrations: (defaults) =>
      config.tracesSampleRate > 0
        ? [...defaults, browserTracingIntegration({ beforeStartSpan: (span) => ({ ...span, name: routePattern() }) })]
        : defaults,
    beforeSend(event: ErrorEvent, hint: EventHint) {
      if (isNoise(event, hint.originalException)) return null;
      // The react-router integration only names events when tracing runs; we name them ourselves.
      event.transaction = routePattern();
      return scrubEvent(event) as ErrorEvent;
    },
    beforeBreadcrumb(crumb: Breadcrumb) {
      return scrubBreadcrumb(crumb) as Breadcrumb | null;
    },
  });
}

/** Reports an error a boundary caught; answers the event id shown to the user as the reference. */
export function capture(error: unknown): string {
  return captureException(error, { mechanism: { type: 'auto.function.react.error_boundary', handled: true } });
}

/** A message the page's catalog lacks: a warning carrying its id and language only. */
export function captureMissingMessage(id: string, locale: string): void {
  captureMessage(`Message missing from the ${locale} catalog: ${id}`, {
    level: 'warning',
    tags: { message_id: id, language: locale },
    fingerprint: ['missing-message', locale, id],
  });
}
