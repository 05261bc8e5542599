import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import {
  enqueueJobNotification,
  holdBookingConfirmations,
  type JobNotificationRequest,
} from '../src/modules/notifications/index.js';
import { ws } from './helpers.js';
import { bookedVisit, type Inbox, notificationTestApp, outboxRows, type SmsStandIn } from './notification-servers.js';
import { changeOf, createCustomer, createJob as newJob, patchJob, type Team } from './schedule-helpers.js';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** Jobs whose (pretend) online booking request is still waiting for the office. */
const pending = new Set<string>();
holdBookingConfirmations(async (_trx, _workspaceId, jobId) => pending.has(jobId));

describe('online booking messages (enqueueJobNotification, held confirmations)', () => {
  let db: Db;
  let app: FastifyInstance;
  let inbox: Inbox;
  let sms: SmsStandIn;
  let team: Team;
  let stop: (app: FastifyInstance) => Promise<void>;

  beforeAll(async () => {
    ({ db, app, inbox, sms, team, stop } = await notificationTestApp({ sms: true, timeZone: 'Europe/Berlin' }));
  });
  afterAll(() => stop(app));

  const rowsOf = (jobId: string) => outboxRows(db, jobId);
  const kinds = async (jobId: string) => (await rowsOf(jobId)).map((r) => `${r.kind}/${r.channel}/${r.status}`).sort();
  const enqueue = (request: Omit<JobNotificationRequest, 'workspaceId'>) =>
    db.kysely
      .transaction()
      .execute((trx) => enqueueJobNotification(trx, { workspaceId: team.owner.workspaceId, ...request }));

  const visit = (customer: Record<string, unknown>) => bookedVisit(team, customer);

  it('a request: "received" replaces the confirmation, moves stay quiet while pending, the confirmation goes once', async () => {
    const job = await visit({ name: 'Rita Request', email: 'rita@example.test', phone: '+4930555001' });
    pending.add(job.id);
    expect(await enqueue({ jobId: job.id, kind: 'booking_requested' })).toBe(2);
    expect(await kinds(job.id)).toEqual([
      'booking_requested/email/pending',
      'booking_requested/sms/pending',
      'reminder/email/pending',
      'reminder/sms/pending',
    ]);
    const moved = changeOf(
      await patchJob(team.owner, job, {
        start: new Date(Date.parse(job.start ?? '') + 2 * hourMs).toISOString(),
        end: new Date(Date.parse(job.end ?? '') + 2 * hourMs).toISOString(),
      }),
    );
    expect(moved.jobs[0]?.version).toBeGreaterThan(job.version);
    expect((await rowsOf(job.id)).filter((r) => r.kind === 'booking_confirmed')).toEqual([]);

    pending.delete(job.id);
    const confirm = { jobId: job.id, kind: 'booking_confirmed' as const, eventKey: 'request:r1:confirmed' };
    expect(await enqueue(confirm)).toBe(2);
    expect(await enqueue(confirm)).toBe(0);
    await app.notifications.sendDue();
    const mails = inbox.mails.filter((m) => JSON.stringify(m.to).includes('rita@example.test'));
    expect(mails.map((m) => m.subject?.replace(/:.*/, '').replace(/^.* received/, '… received')).sort()).toEqual([
      expect.stringMatching(/^Your visit from .+ is booked$/),
      '… received your booking request',
    ]);
    // One sendDue sends its batch in parallel lanes: the texts arrive in either order.
    expect(
      sms.texts
        .filter((t) => t.to === '+4930555001')
        .map((t) => t.body)
        .sort(),
    ).toEqual([expect.stringContaining('we received your request'), expect.stringContaining('your visit is booked')]);
  });

  it('a declined request tells the customer; the kind switched off or an opted-out customer writes nothing', async () => {
    const job = await visit({ name: 'Dora Declined', email: 'dora@example.test', phone: null });
    pending.add(job.id);
    await enqueue({ jobId: job.id, kind: 'booking_requested', eventKey: 'request:r2' });
    pending.delete(job.id);
    expect(await enqueue({ jobId: job.id, kind: 'booking_declined', eventKey: 'request:r2:declined' })).toBe(1);
    await app.notifications.sendDue();
    const mail = inbox.mails.find((m) => m.subject?.includes('cannot take your booking request'));
    expect(mail?.text).toContain('Hello Dora Declined');

    const url = ws(team.owner.workspaceId, '/notification-settings');
    const settings = (await team.owner.client.get(url)).json() as { version: number; templates: { kind: string }[] };
    const { version, channels: _c, ...input } = settings as typeof settings & { channels: unknown };
    const off = {
      ...input,
      templates: settings.templates.map((t) => (t.kind === 'booking_declined' ? { ...t, enabled: false } : t)),
    };
    expect((await team.owner.client.request('PUT', url, off, { 'if-match': `"${version}"` })).statusCode).toBe(200);
    const other = await visit({ name: 'Otto', email: 'otto@example.test', phone: null });
    expect(await enqueue({ jobId: other.id, kind: 'booking_declined' })).toBe(0);

    const quiet = await createCustomer(team.owner, { name: 'Quinn', email: 'quinn@example.test', phone: null });
    const optOut = ws(team.owner.workspaceId, `/notification-optouts/${quiet.id}`);
    expect((await team.owner.client.request('PUT', optOut, undefined)).statusCode).toBe(204);
    const start = Math.ceil((Date.now() + 4 * dayMs) / hourMs) * hourMs;
    const hers = await newJob(team.owner, {
      customerId: quiet.id,
      start: new Date(start).toISOString(),
      end: new Date(start + hourMs).toISOString(),
    });
    expect(await enqueue({ jobId: hers.id, kind: 'booking_requested' })).toBe(0);
    expect(await enqueue({ jobId: 'no-such-job', kind: 'booking_requested' })).toBe(0);
  });
});
