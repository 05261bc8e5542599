import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { delivery } from '../src/modules/notifications/defaults.js';
import { bookedVisit, type Inbox, notificationTestApp, type SmsStandIn } from './notification-servers.js';
import { getJob, type Team } from './schedule-helpers.js';

const hourMs = 3_600_000;
const _dayMs = 24 * hourMs;

/** Bounces and addresses that cannot be sent to: permanent ones fail at once, passing ones are retried. */
describe('notification bounces', () => {
  let db: Db;
  let app: FastifyInstance;
  let inbox: Inbox;
  let sms: SmsStandIn;
  let team: Team;
  let stop: (app: FastifyInstance) => Promise<void>;

  beforeAll(async () => {
    ({ db, app, inbox, sms, team, stop } = await notificationTestApp({ sms: true }));
  });
  afterAll(() => stop(app));

  const confirmations = async (jobId: string) =>
    Object.fromEntries(
      (
        await db.kysely
          .selectFrom('notifications')
          .selectAll()
          .where('job_id', '=', jobId)
          .where('kind', '=', 'booking_confirmed')
          .execute()
      ).map((r) => [r.channel, r]),
    );

  const booking = (customer: Record<string, unknown>) => bookedVisit(team, customer);

  it('an SMTP 550 for the recipient: failed at once with the reason, never retried; the text still goes', async () => {
    inbox.rejectRecipient('gone@example.test', 550);
    const job = await booking({ name: 'Gone', email: 'gone@example.test', phone: '+4930777001' });
    const now = Date.now();
    await app.notifications.sendDue(now);
    const rows = await confirmations(job.id);
    expect(rows.email).toMatchObject({ status: 'dead', attempts: 1 });
    expect(rows.email?.reason).toMatch(/550.*No such user here/);
    expect(rows.sms).toMatchObject({ status: 'sent' });
    expect(await app.notifications.sendDue(now + delivery.maxRetryMs * 2)).toBe(0);
    expect((await confirmations(job.id)).email).toMatchObject({ status: 'dead', attempts: 1 });
    expect((await getJob(team.owner, job.id)).status).toBe('scheduled');
  });

  it('an SMTP 452 for the recipient: retried with backoff like a refused connection', async () => {
    inbox.rejectRecipient('full@example.test', 452);
    const job = await booking({ name: 'Full', email: 'full@example.test', phone: null });
    const now = Date.now();
    await app.notifications.sendDue(now);
    const row = (await confirmations(job.id)).email;
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.reason).toMatch(/452/);
    expect(Number(row?.due_at)).toBe(now + delivery.firstRetryMs);
  });

  it('an address or number that cannot be one, and a number the SMS provider refuses (400): failed with the reason', async () => {
    const job = await booking({ name: 'Typo', email: 'typo@example.test', phone: '+4930777002' });
    const customerId = (await getJob(team.owner, job.id)).customerId ?? '';
    // Stored before validation was strict, or imported: the sender checks what it is about to use.
    await db.kysely
      .updateTable('customers')
      .set({ email: 'typo at example', phone: 'call after 5' })
      .where('id', '=', customerId)
      .execute();
    await app.notifications.sendDue();
    const rows = await confirmations(job.id);
    expect(rows.email).toMatchObject({ status: 'dead', reason: '"typo at example" is not a valid email address' });
    expect(rows.sms).toMatchObject({ status: 'dead', reason: '"call after 5" is not a valid phone number' });
    expect(inbox.mails.filter((m) => JSON.stringify(m.to).includes('typo'))).toEqual([]);

    sms.invalidNumbers.add('+15005550001');
    const other = await booking({ name: 'Nobody', email: null, phone: '+15005550001' });
    await app.notifications.sendDue();
    const refused = (await confirmations(other.id)).sms;
    expect(refused).toMatchObject({ status: 'dead', attempts: 1 });
    expect(refused?.reason).toMatch(/^SMS provider answered 400: The 'To' number is not a valid phone number/);
  });
});
