import { randomUUID } from 'node:crypto';
import { scrubBreadcrumb, scrubEvent } from '@fieldplan/shared';
import * as Sentry from '@sentry/node';
import type { Config } from '../config.js';
import type { RequestErrorReports } from '../http/request-context.js';

/** Reports failures to the error-reporting service, or only hands out reference ids without one. */
export interface Reporter extends RequestErrorReports {
  enabled: boolean;
  /** Sends what is queued; resolves false when the timeout passed first. */
  flush(timeoutMs?: number): Promise<boolean>;
}

/** A reference in the shape of a Sentry event id, for when no DSN is configured. */
export const newReference = (): string => randomUUID().replaceAll('-', '');

/**
 * The SDK's defaults we keep. Left out: framework error handlers (Fastify's would report before ours,
 * without route pattern or ids, and take the event id), RequestData (the concrete URL: the request
 * is set per report from the route pattern), local variables, process sessions (a 500 is not a crash),
 * and Dedupe: it drops an event identical to the one before, so a database outage failing like the
 * last one went unreported — the app decides what is worth a report (one per outage, ADR 18).
 */
const keptIntegrations = new Set([
  'EventFilters',
  'FunctionToString',
  'LinkedErrors',
  'NodeSystemError',
  'Console',
  'Http',
  'NodeFetch',
  'OnUncaughtException',
  'ContextLines',
  'Context',
  'Modules',
]);

/**
 * Initialises Sentry when SENTRY_DSN is set: release, environment and sample rates from
 * the config, no default personal data (`dataCollection` off), every event and breadcrumb through the shared scrubber. Crashes
 * (uncaught exceptions, unhandled rejections) are reported and end the process, as Node would.
 */
export function createReporter(config: Config): Reporter {
  if (!config.SENTRY_DSN) {
    return { enabled: false, captureRequestError: () => newReference(), flush: async () => true };
  }
  Sentry.init({
    dsn: config.SENTRY_DSN,
    release: config.SENTRY_RELEASE,
    environment: config.SENTRY_ENVIRONMENT,
    sampleRate: config.SENTRY_SAMPLE_RATE,
    tracesSampleRate: config.SENTRY_TRACES_SAMPLE_RATE,
    // No trace headers on outgoing requests: they go to third parties (Google, iCal hosts), not our services.
    tracePropagationTargets: [],
    // SDK 11's successor of `sendDefaultPii: false`: collect no user, cookie, header, body, query or local-variable data.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
    },
    integrations: (defaults) => [
      ...defaults.filter((i) => keptIntegrations.has(i.name)),
      Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
    ],
    // Static so beforeSendTransaction (the scrubber) sees transactions when tracing is on.
    traceLifecycle: 'static',
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  });
  return {
    enabled: true,
    captureRequestError(error, context) {
      return Sentry.withScope((scope) => {
        scope.setTransactionName(`${context.method} ${context.route}`);
        scope.setTags({
          route: context.route,
          method: context.method,
          status: context.status,
          request_id: context.requestId,
          ...(context.workspaceId && { workspace_id: context.workspaceId }),
        });
        scope.setUser(context.userId ? { id: context.userId } : null);
        scope.addEventProcessor((event) => ({ ...event, request: { method: context.method, url: context.route } }));
        return Sentry.captureException(error);
      });
    },
    flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs),
  };
}

/** A failure that ends the process (startup): reported and sent before it exits; a no-op without a DSN. */
export async function reportCrash(error: unknown): Promise<void> {
  if (!Sentry.isInitialized()) return;
  Sentry.captureException(error, { mechanism: { type: 'startup', handled: false } });
  await Sentry.flush(2000);
}

/**
 * A message a language's catalog lacks (docs/adr/0042-languages.md: the English text is shown
 * meanwhile): a warning to the error-reporting service, or to the log without one. It carries the
 * message id and the language only, never what was being written or to whom; i18n/ tells each once.
 */
export function missingMessageReport(log: { warn(details: object, text: string): void }) {
  return (id: string, language: string): void => {
    if (!Sentry.isInitialized()) {
      log.warn({ messageId: id, language }, 'message missing from its catalog: showing English');
      return;
    }
    Sentry.captureMessage(`Message missing from the ${language} catalog: ${id}`, {
      level: 'warning',
      tags: { message_id: id, language },
      fingerprint: ['missing-message', language, id],
    });
  };
}
