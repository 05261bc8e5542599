import type { Job } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { type Inbox, notificationTestApp, notifyingApp } from './notification-servers.js';
import {
  changeOf,
  createCustomer,
  deleteJob,
  createJob as newJob,
  patchJob,
  scopeQuery,
  type Team,
} from './schedule-helpers.js';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

describe('series: a confirmation per booking, reminders for the visits within two weeks', () => {
  let db: Db;
  let app: FastifyInstance;
  let inbox: Inbox;
  let team: Team;
  let stop: (app: FastifyInstance) => Promise<void>;

  beforeAll(async () => {
    ({ db, app, inbox, team, stop } = await notificationTestApp({ timeZone: 'Europe/Berlin' }));
  });
  afterAll(() => stop(app));

  const rowsOf = (jobId: string, kind: string) =>
    db.kysely
      .selectFrom('notifications')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('kind', '=', kind)
      .orderBy('occurrence_key')
      .orderBy('created_at')
      .execute();
  const pendingKeys = async (jobId: string) =>
    (await rowsOf(jobId, 'reminder')).filter((r) => r.status === 'pending').map((r) => Number(r.occurrence_key));

  /** Daily 08:00–09:00 UTC for 30 days from the day after tomorrow, for a new customer. */
  async function dailySeries(name: string): Promise<{ job: Job; first: number }> {
    const customer = await createCustomer(team.owner, {
      name,
      email: `${name.toLowerCase()}@example.test`,
      phone: null,
    });
    const first = Math.floor(Date.now() / dayMs) * dayMs + 2 * dayMs + 8 * hourMs;
    const job = await newJob(team.owner, {
      customerId: customer.id,
      start: new Date(first).toISOString(),
      end: new Date(first + hourMs).toISOString(),
      rrule: 'FREQ=DAILY;COUNT=30',
      assigneeIds: [team.tech1.memberId],
    });
    return { job, first };
  }

  it('booking a series confirms its first visit and writes a reminder for each visit of the next 14 days', async () => {
    const { job, first } = await dailySeries('Sally');
    const confirmed = await rowsOf(job.id, 'booking_confirmed');
    expect(confirmed.map((r) => Number(r.occurrence_key))).toEqual([first]);
    const keys = await pendingKeys(job.id);
    const horizonEnd = Date.now() + 14 * dayMs;
    const expected = Array.from({ length: 30 }, (_, i) => first + i * dayMs).filter((k) => k < horizonEnd);
    expect(keys).toEqual(expected);
    await app.notifications.sendDue();
    const mail = inbox.mails.find((m) => JSON.stringify(m.to).includes('sally@example.test'));
    expect(mail?.subject).toMatch(/is booked: /);
  });

  it('a series starting in three weeks is confirmed now; its reminders wait for the horizon', async () => {
    const customer = await createCustomer(team.owner, { name: 'Later', email: 'later@example.test', phone: null });
    const first = Math.floor(Date.now() / dayMs) * dayMs + 21 * dayMs + 8 * hourMs;
    const job = await newJob(team.owner, {
      customerId: customer.id,
      start: new Date(first).toISOString(),
      end: new Date(first + hourMs).toISOString(),
      rrule: 'FREQ=WEEKLY;COUNT=4',
      assigneeIds: [team.tech1.memberId],
    });
    expect((await rowsOf(job.id, 'booking_confirmed')).map((r) => Number(r.occurrence_key))).toEqual([first]);
    expect(await pendingKeys(job.id)).toEqual([]);
    await app.notifications.sweepSeries(first - 10 * dayMs);
    expect(await pendingKeys(job.id)).toEqual([first]);
  });

  it('one visit moved: confirmed again, its reminder re-timed; moved back: the old reminder returns; cancelled: none', async () => {
    const { job, first } = await dailySeries('Molly');
    const third = first + 2 * dayMs;
    const movedTo = third + 3 * hourMs;
    const moved = changeOf(
      await patchJob(
        team.owner,
        job,
        { start: new Date(movedTo).toISOString(), end: new Date(movedTo + hourMs).toISOString() },
        scopeQuery('this', new Date(third).toISOString()),
      ),
    ).jobs[0] as Job;
    expect((await rowsOf(job.id, 'booking_confirmed')).map((r) => Number(r.occurrence_key))).toEqual([first, third]);
    const forThird = (await rowsOf(job.id, 'reminder')).filter((r) => Number(r.occurrence_key) === third);
    expect(forThird.map((r) => [r.status, r.event_key.includes(`:at${movedTo}:`)])).toEqual([
      ['cancelled', false],
      ['pending', true],
    ]);
    const back = changeOf(
      await patchJob(
        team.owner,
        moved,
        { start: new Date(third).toISOString(), end: new Date(third + hourMs).toISOString() },
        scopeQuery('this', new Date(third).toISOString()),
      ),
    ).jobs[0] as Job;
    const again = (await rowsOf(job.id, 'reminder')).filter((r) => Number(r.occurrence_key) === third);
    expect(again.map((r) => [r.status, r.event_key.includes(`:at${third}:`)])).toEqual([
      ['pending', true],
      ['cancelled', false],
    ]);
    // Cancel the fourth visit alone, then the whole series.
    const fourth = first + 3 * dayMs;
    const cancelled = await deleteJob(team.owner, back, scopeQuery('this', new Date(fourth).toISOString()));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await pendingKeys(job.id)).not.toContain(fourth);
    expect(await pendingKeys(job.id)).toContain(third);
    const latest = (cancelled.json() as { jobs: Job[] }).jobs[0] as Job;
    expect((await deleteJob(team.owner, latest)).statusCode).toBeLessThan(300);
    expect(await pendingKeys(job.id)).toEqual([]);
  });

  it('the sweep extends the horizon as days pass, once however often and however many processes run it', async () => {
    const { job, first } = await dailySeries('Wendy');
    const before = await pendingKeys(job.id);
    const later = Date.now() + 7 * dayMs;
    const second = await notifyingApp(db, inbox, null);
    try {
      await Promise.all([
        app.notifications.sweepSeries(later),
        second.notifications.sweepSeries(later),
        app.notifications.sweepSeries(later),
      ]);
    } finally {
      await second.close();
    }
    const after = await pendingKeys(job.id);
    const horizonEnd = later + 14 * dayMs;
    const expected = Array.from({ length: 30 }, (_, i) => first + i * dayMs).filter((k) => k < horizonEnd);
    expect(after).toEqual(expected);
    expect(after.length).toBeGreaterThan(before.length);
    // A restart between planning and sending: a new app on the same database sends each due one once.
    const dueFirst = (await rowsOf(job.id, 'reminder'))[0];
    await app.close();
    app = await notifyingApp(db, inbox, null);
    const at = Number(dueFirst?.due_at);
    await app.notifications.sendDue(at + 1000);
    await app.notifications.sendDue(at + 2000);
    const reminders = inbox.mails.filter(
      (m) => JSON.stringify(m.to).includes('wendy@example.test') && /^Reminder/.test(m.subject ?? ''),
    );
    expect(reminders).toHaveLength(1);
  });
});
