import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { claimDue } from '../src/modules/notifications/claim.js';
import { delivery } from '../src/modules/notifications/defaults.js';
import {
  bookedVisit,
  type Inbox,
  notificationTestApp,
  notifyingApp,
  outboxRows,
  startInbox,
} from './notification-servers.js';
import { patchJob, type Team } from './schedule-helpers.js';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** Delivery: retries with backoff, the dead state, restarts, and several processes on one database. */
describe('notification delivery', () => {
  let db: Db;
  let app: FastifyInstance;
  let inbox: Inbox;
  let team: Team;
  let stop: (app: FastifyInstance) => Promise<void>;

  beforeAll(async () => {
    ({ db, app, inbox, team, stop } = await notificationTestApp({ timeZone: 'America/New_York' }));
  });
  afterAll(() => stop(app));

  const rowsOf = (jobId: string) => outboxRows(db, jobId);
  const mailsTo = (address: string) => inbox.mails.filter((m) => JSON.stringify(m.to ?? '').includes(address));

  const booking = (email: string, inMs?: number) =>
    bookedVisit(team, { name: email.split('@')[0], email, phone: null }, inMs);

  it('SMTP refusing: the job is saved, the message retried with backoff and sent once when it recovers', async () => {
    inbox.refuse(true);
    const job = await booking('gus@example.test');
    expect(job.status).toBe('scheduled');
    const now = Date.now();
    await app.notifications.sendDue(now);
    let [row] = (await rowsOf(job.id)).filter((r) => r.kind === 'booking_confirmed');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.reason).toMatch(/451/);
    expect(Number(row?.due_at)).toBe(now + delivery.firstRetryMs);

    // Not before its retry time; the second failure waits twice as long.
    await app.notifications.sendDue(now + delivery.firstRetryMs - 1);
    [row] = (await rowsOf(job.id)).filter((r) => r.kind === 'booking_confirmed');
    expect(row?.attempts).toBe(1);
    await app.notifications.sendDue(now + delivery.firstRetryMs);
    [row] = (await rowsOf(job.id)).filter((r) => r.kind === 'booking_confirmed');
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Number(row?.due_at)).toBe(now + delivery.firstRetryMs + 2 * delivery.firstRetryMs);

    inbox.refuse(false);
    await app.notifications.sendDue(now + 3 * delivery.firstRetryMs);
    await app.notifications.sendDue(now + 10 * delivery.firstRetryMs);
    [row] = (await rowsOf(job.id)).filter((r) => r.kind === 'booking_confirmed');
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(mailsTo('gus@example.test')).toHaveLength(1);
  });

  it(`after ${delivery.maxAttempts} failed attempts a message is dead and no longer tried`, async () => {
    inbox.refuse(true);
    // A week out: the retries span 2 days, and a visit 3 days out would have its reminder come due
    // during them whenever the run starts late in the day (docs/PRODUCT.md, reminders).
    const job = await booking('hal@example.test', 7 * dayMs);
    let at = Date.now();
    for (let i = 0; i < delivery.maxAttempts + 2; i++) {
      await app.notifications.sendDue(at);
      at += delivery.maxRetryMs;
    }
    inbox.refuse(false);
    await app.notifications.sendDue(at);
    const [row] = (await rowsOf(job.id)).filter((r) => r.kind === 'booking_confirmed');
    expect(row).toMatchObject({ status: 'dead', attempts: delivery.maxAttempts });
    expect(row?.reason).toMatch(/451/);
    expect(mailsTo('hal@example.test')).toEqual([]);
  });

  it('a restart between scheduling a reminder and its time: a process started later sends it, once', async () => {
    const job = await booking('ida@example.test', 4 * dayMs);
    await app.notifications.sendDue();
    const reminder = (await rowsOf(job.id)).find((r) => r.kind === 'reminder');
    expect(reminder?.status).toBe('pending');
    const due = Number(reminder?.due_at);
    // A process started after the reminder was written — no timer of the writer's in it — sends it from the row.
    const restarted = await notifyingApp(db, inbox, null);
    await restarted.notifications.sendDue(due);
    await restarted.close();
    const third = await notifyingApp(db, inbox, null);
    await third.notifications.sendDue(due + 1000);
    await third.close();
    await app.notifications.sendDue(due + 2000);
    expect(mailsTo('ida@example.test').filter((m) => m.subject?.startsWith('Reminder'))).toHaveLength(1);
  });

  it('a process that died mid-send: its claim expires and another process sends the message', async () => {
    const job = await booking('jon@example.test');
    const now = Date.now();
    const claimed = await claimDue(db, 'crashed-process', now, 100);
    expect(claimed.map((r) => r.job_id)).toContain(job.id);
    await app.notifications.sendDue(now + delivery.leaseMs - 1, 'other-process');
    expect(mailsTo('jon@example.test')).toEqual([]);
    await app.notifications.sendDue(now + delivery.leaseMs + 1, 'other-process');
    expect(mailsTo('jon@example.test')).toHaveLength(1);
  });

  it('a refused job write leaves no notification; an SMTP server that is not there is retried like one that refuses', async () => {
    const job = await booking('kai@example.test');
    const before = (await rowsOf(job.id)).length;
    const start = Date.parse(job.start as string) + 2 * dayMs;
    const stale = await patchJob(
      team.owner,
      { id: job.id, version: job.version + 7 },
      {
        start: new Date(start).toISOString(),
        end: new Date(start + hourMs).toISOString(),
      },
    );
    expect(stale.statusCode).toBe(412);
    expect(await rowsOf(job.id)).toHaveLength(before);

    const gone = await startInbox();
    await gone.close();
    const unreachable = await notifyingApp(db, gone, null);
    const now = Date.now();
    await unreachable.notifications.sendDue(now, 'unreachable');
    await unreachable.close();
    const [row] = (await rowsOf(job.id)).filter((r) => r.kind === 'booking_confirmed');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.reason).toMatch(/ECONNREFUSED|connect/i);
    await app.notifications.sendDue(now + delivery.firstRetryMs);
    expect(mailsTo('kai@example.test')).toHaveLength(1);
  });

  it('two app instances on one database send every notification exactly once', async () => {
    const other = await notifyingApp(db, inbox, null);
    const jobs = await Promise.all(Array.from({ length: 12 }, (_, i) => booking(`many${i}@example.test`)));
    const ids = new Set(jobs.map((j) => j.id));
    const rows = (
      await db.kysely.selectFrom('notifications').selectAll().where('status', '=', 'pending').execute()
    ).filter((r) => ids.has(r.job_id) && r.kind === 'booking_confirmed');
    expect(rows).toHaveLength(12);
    const now = Date.now();
    const handled = await Promise.all([
      app.notifications.sendDue(now, 'instance-a'),
      other.notifications.sendDue(now, 'instance-b'),
      app.notifications.sendDue(now, 'instance-c'),
      other.notifications.sendDue(now, 'instance-d'),
    ]);
    await other.close();
    const received = inbox.mails.filter((m) => /many\d+@/.test(JSON.stringify(m.to ?? '')));
    expect(received).toHaveLength(12);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(12);
    expect(handled.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(12);
    const after = await db.kysely
      .selectFrom('notifications')
      .selectAll()
      .where('job_id', 'in', [...ids])
      .execute();
    expect(
      after.filter((r) => r.kind === 'booking_confirmed').every((r) => r.status === 'sent' && Number(r.attempts) === 1),
    ).toBe(true);
  });
});
