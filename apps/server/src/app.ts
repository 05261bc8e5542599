import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import { limits as productLimits } from '@fieldplan/shared';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Deps } from './deps.js';
import { registerCompression } from './http/compression.js';
import { connectionOptions } from './http/connection-limits.js';
import { registerCsrfCheck } from './http/csrf.js';
import { registerDatabaseWaitBudget } from './http/database-wait.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { logSerializers, registerRequestLogging } from './http/logging.js';
import { registerNulGuard } from './http/nul-guard.js';
import { registerApiDocument, registerSessionGate } from './http/openapi/index.js';
import { frameworkErrorProblem, registerProblemHandler, sendProblem } from './http/problem.js';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createSessionStore } from './http/session.js';
import { startSessionPruning } from './http/session-prune.js';
import { registerDrain } from './http/shutdown.js';
import { registerSpa } from './http/static-spa.js';
import { reportMissingMessagesTo } from './i18n/index.js';
import { createMetrics } from './metrics/registry.js';
import { metricsRoutes } from './metrics/routes.js';
import { type ArchiveOptions, archiveRoutes } from './modules/archive/index.js';
import { areaRoutes } from './modules/areas/index.js';
import { authRoutes } from './modules/auth/index.js';
import { type BookingOptions, registerBooking } from './modules/booking/index.js';
import { calendarRoutes } from './modules/calendar/index.js';
import { changeRoutes } from './modules/changes/index.js';
import { customerRoutes, readAssignedCustomersWith } from './modules/customers/index.js';
import { exportRoutes } from './modules/export/index.js';
import { endLinksOfWorkspace, type FeedOptions, registerFeeds } from './modules/feeds/index.js';
import { type ImportOptions, importRoutes } from './modules/import/index.js';
import { invitationRoutes } from './modules/invitations/index.js';
import { customersWithJobsOf, getJobs, jobRoutes } from './modules/jobs/index.js';
import { liveEntities } from './modules/live-entities.js';
import { locationRoutes, startLocationPruning } from './modules/locations/index.js';
import { memberRoutes } from './modules/members/index.js';
import { myDayRoutes } from './modules/my-day/index.js';
import { type NotificationOptions, registerNotifications } from './modules/notifications/index.js';
import { photoRoutes, photosOfVisit } from './modules/photos/index.js';
import { placeRoutes } from './modules/places/index.js';
import { systemRoutes } from './modules/system/index.js';
import { memberMoveTracking, trackingRoutes, visitStatusTracking } from './modules/tracking/index.js';
import { travelRoutes } from './modules/travel/index.js';
import {
  checklistTemplateRoutes,
  noteStatusTime,
  visitCompletionIssues,
  workRecordRoutes,
} from './modules/work-record/index.js';
import { workspaceRoutes } from './modules/workspaces/index.js';
import { createReporter, missingMessageReport, type Reporter } from './monitoring/reporter.js';
import { tunnelRoutes } from './monitoring/tunnel-routes.js';
import { setupRealtime } from './realtime/index.js';
import { createStorage } from './storage/index.js';
import { version } from './version.js';

export interface AppOptions {
  config: Config;
  db: Db;
  limiter?: RateLimiter;
  /** Sign-in attempts a minute per address and per account (docs/PRODUCT.md, "Limits": 10). */
  signInPerMinute?: number;
  /** Log to stdout (pino); tests pass false. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Error reporting; main.ts initialises it before anything else, tests let the app make its own. */
  reporter?: Reporter;
  /** Calendar feeds' fetch policy overrides and background refresh (tests). */
  feeds?: FeedOptions;
  /** Customer notifications' worker and outside services (tests). */
  notifications?: NotificationOptions;
  /** The workspace archive's file storage and limits (tests). */
  archive?: ArchiveOptions;
  /** The import's resume sweep (tests). */
  imports?: ImportOptions;
  /** Online booking's proof-of-work difficulty and background sweep (tests). */
  booking?: Omit<BookingOptions, 'places'>;
  /** How long a read session is trusted (`sessionCacheMs` by default; tests shorten it). */
  sessionCacheMs?: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The SPA's build output, wherever this file runs from (src under tsx, dist when bundled). */
export const defaultWebDist = path.resolve(here, '../../web/dist');

/** Builds the Fastify app (API, SPA); tests call this with their own database. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: logSerializers,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(options.logStream && { stream: options.logStream }),
          },
    // One line per request, written when it is answered (registerRequestLogging), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: productLimits.bodyBytes,
    // Idle sockets, slow headers and stalled bodies are cut off at configured deadlines.
    ...connectionOptions(config),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    // X-Forwarded-For is believed only from the configured balancers (docs/DEPLOY.md, TRUST_PROXY).
    trustProxy: config.TRUST_PROXY ?? false,
    // A request that arrives while the server is closing (SIGTERM) on a connection it had accepted is
    // served, with `Connection: close`, instead of Fastify's bare 503: it was received (ADR 18).
    return503OnClosing: false,
    // Router errors (a malformed URL, an over-long path parameter) leave as problem+json too.
    frameworkErrors: (error, _request, reply) => {
      sendProblem(reply as FastifyReply, frameworkErrorProblem(error));
    },
  });
  // Only JSON bodies: anything else (text/plain included) is a 415.
  app.removeContentTypeParser('text/plain');
  // JSON nested deeper than any real body is refused before it is parsed and validated.
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Callback-style hooks on every request's path: no promise each (docs/PERFORMANCE.md, "Places").
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Before every route: answers from 1 KB go out brotli or gzip by Accept-Encoding (http/compression.ts).
  await registerCompression(app);
  // Before the session hooks: a stopping process refuses movable requests before anything reads for them.
  registerDrain(app);
  // Before any hook that reads the database: one wait budget per request (docs/adr/0018-faults-and-shutdown.md).
  registerDatabaseWaitBudget(app, db);

  await registerApiDocument(app, { version });
  await app.register(fastifyCookie);

  const sessions = createSessionStore({
    db,
    secureCookies: config.secureCookies,
    ...(options.sessionCacheMs !== undefined && { cacheMs: options.sessionCacheMs }),
  });
  sessions.register(app);
  registerCsrfCheck(app, { cookieName: sessions.cookieName, appOrigin: config.appOrigin });
  // After the session lookup: operations not marked public answer 401 before their body is read.
  registerSessionGate(app);
  const reporter = options.reporter ?? createReporter(config);
  registerProblemHandler(app, reporter, db.outage);
  // A message a catalog lacks is told once per id and language (docs/adr/0042-languages.md).
  reportMissingMessagesTo(missingMessageReport(app.log));
  app.addHook('onClose', async () => {
    await reporter.flush();
  });
  registerRequestLogging(app);
  const metrics = createMetrics(db);
  metricsRoutes(app, config, metrics);
  registerNulGuard(app);
  // Realtime: before the routes, so its post-commit publishing hooks cover every one of them.
  const realtime = await setupRealtime(app, config, db, liveEntities);
  // CSP, Permissions-Policy, HSTS …: after realtime, whose WebSocket origin the policy allows.
  registerSecurityHeaders(app, config, realtime);
  if (realtime.server) metrics.watchRealtime(realtime.server);

  // Counted in Redis across processes when REDIS_URL is set (docs/adr/0031-shared-state-and-background-work.md).
  const limiter = options.limiter ?? createRateLimiter(config.REDIS_URL, app.log);
  app.addHook('onClose', async () => {
    await limiter.close?.();
  });
  const deps: Deps = {
    config,
    db,
    sessions,
    limiter,
    limits: {
      signInPerMinute:
        options.signInPerMinute ?? config.SIGNIN_ATTEMPTS_PER_MINUTE ?? productLimits.signInAttemptsPerMinute,
    },
    realtime,
  };
  systemRoutes(app, deps);
  tunnelRoutes(app, deps);
  authRoutes(app, deps);
  workspaceRoutes(app, deps);
  // A member's change may end the iCal links that show or were made by them: they stay dead.
  memberRoutes(app, deps, endLinksOfWorkspace);
  invitationRoutes(app, deps);
  // Customers know no jobs: a technician's own customers and a customer's jobs are the jobs module's reads.
  readAssignedCustomersWith(customersWithJobsOf);
  customerRoutes(app, deps, getJobs);
  // Completing a visit asks the work record first (docs/adr/0025-work-record.md). A visit's new status opens
  // or ends its tracking link, then stamps the work record's times on site, all in the status change's transaction.
  jobRoutes(app, deps, {
    completion: visitCompletionIssues,
    onVisit: [visitStatusTracking(deps), async () => noteStatusTime],
  });
  calendarRoutes(app, deps);
  areaRoutes(app, deps);
  const places = placeRoutes(app, deps);
  changeRoutes(app, deps);
  locationRoutes(app, deps, memberMoveTracking(deps));
  trackingRoutes(app, deps);
  workRecordRoutes(app, deps, photosOfVisit);
  // One file storage for photos and archives, so a full disk is one outage (one report), not one per module.
  const storage = options.archive?.storage ?? createStorage(config);
  photoRoutes(app, deps, storage);
  checklistTemplateRoutes(app, deps);
  myDayRoutes(app, deps);
  travelRoutes(app, deps);
  startLocationPruning(app, db);
  startSessionPruning(app, db);
  exportRoutes(app, deps);
  importRoutes(app, deps, options.imports);
  archiveRoutes(app, deps, { ...options.archive, storage });
  registerFeeds(app, deps, options.feeds);
  // Job writes queue customer notifications in their own transaction (docs/adr/0029-notification-outbox.md).
  registerNotifications(app, deps, options.notifications);
  // Online booking: the office's routes, the public page's API and hold expiry (docs/adr/0030-online-booking.md).
  registerBooking(app, deps, { places: places.searchPublic, ...options.booking });

  await registerSpa(app, config.WEB_DIST === '' ? null : (config.WEB_DIST ?? defaultWebDist));
  return app;
}
