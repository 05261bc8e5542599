/** Customer notifications: the outbox written with each job change, its sender, settings and unsubscribe. */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { startPeriodic } from '../../http/repeat-while-serving.js';
import { installSecret } from '../../realtime/credentials.js';
import { observeJobSaves } from '../jobs/index.js';
import { trackingContext } from '../tracking/index.js';
import { workerName } from './claim.js';
import { type Mailer, smtpMailer } from './email.js';
import { notifyJobSaved } from './enqueue.js';
import { reportRoutes } from './report-routes.js';
import { notificationRoutes } from './routes.js';
import { sweepSeries } from './series.js';
import { type SmsProvider, twilioSms } from './sms.js';
import { unsubscribeRoutes } from './unsubscribe-routes.js';
import { type Sender, sendDue, startNotificationWorker } from './worker.js';

export {
  enqueueJobNotification,
  holdBookingConfirmations,
  type JobNotificationRequest,
  type PendingBookingCheck,
} from './enqueue.js';
export { notificationSettingsLive } from './live.js';
export { reminderDueAt } from './reminder-time.js';
export { companyPhoneOf } from './settings.js';
export type { Sender } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Customer notifications' sender, for tests that drive it with their own clock. */
    notifications: {
      sendDue(now?: number, owner?: string): Promise<number>;
      /** Plans series reminders coming into the horizon (a periodic task does it every 10 minutes). */
      sweepSeries(now?: number): Promise<number>;
    };
  }
}

export interface NotificationOptions {
  /** Run the background worker (default true); tests drive `sendDue` with their own clock instead. */
  worker?: boolean;
  /** Outside services for tests (a mailer or SMS provider made elsewhere). */
  mailer?: Mailer;
  sms?: SmsProvider;
}

/** Wires notifications into the app; returns a function that sends what is due (tests call it). */
export function registerNotifications(app: FastifyInstance, deps: Deps, options: NotificationOptions = {}) {
  const { config } = deps;
  observeJobSaves(notifyJobSaved);
  const mailer = options.mailer ?? (config.SMTP_URL ? smtpMailer(config.SMTP_URL) : null);
  const sms =
    options.sms ??
    (config.SMS_ACCOUNT_SID && config.SMS_AUTH_TOKEN && config.SMS_FROM
      ? twilioSms({
          baseUrl: config.SMS_BASE_URL,
          accountSid: config.SMS_ACCOUNT_SID,
          authToken: config.SMS_AUTH_TOKEN,
          from: config.SMS_FROM,
        })
      : null);
  const baseUrl = config.appOrigin ?? `http://localhost:${config.PORT}`;
  let key: Promise<Buffer> | null = null;
  const unsubscribeKey = () => {
    key ??= (async () => {
      const secret = config.SESSION_SECRET ?? (await installSecret(deps.db, 'notifications'));
      return createHash('sha256').update(`fieldplan notifications unsubscribe:${secret}`).digest();
    })();
    return key;
  };
  let sender: Promise<Sender> | null = null;
  const makeSender = () => {
    sender ??= (async () => ({
      db: deps.db,
      mailer,
      sms,
      baseUrl,
      defaultFrom: config.SMTP_FROM ?? `notifications@${new URL(baseUrl).hostname}`,
      unsubscribeKey: await unsubscribeKey(),
      tracking: await trackingContext(deps),
    }))();
    return sender;
  };
  notificationRoutes(app, deps, { email: mailer !== null, sms: sms !== null });
  unsubscribeRoutes(app, deps, unsubscribeKey);
  reportRoutes(app, deps, unsubscribeKey);
  if (options.worker !== false) {
    startNotificationWorker(app, makeSender, workerName, config.NOTIFICATIONS_POLL_MS);
    // Series reminders coming into the horizon: one process plans them every 10 minutes (docs/adr/0029, "Series").
    startPeriodic(app, deps.db, {
      name: 'notification-series',
      everyMs: 10 * 60_000,
      leaseMs: 10 * 60_000,
      run: () => sweepSeries(deps.db, Date.now()),
    });
  }
  app.addHook('onClose', async () => mailer?.close());
  app.decorate('notifications', {
    sendDue: async (now = Date.now(), owner = workerName) => sendDue(await makeSender(), owner, now),
    sweepSeries: (now = Date.now()) => sweepSeries(deps.db, now),
  });
}
