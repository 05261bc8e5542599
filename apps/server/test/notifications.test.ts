import type { Job, Notification, NotificationSettings } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { reminderDueAt } from '../src/modules/notifications/index.js';
import { Client } from './harness.js';
import { expectFieldError, expectProblem, ws } from './helpers.js';
import {
  type Inbox,
  notificationTestApp,
  outboxRows,
  type SmsStandIn,
  bookedVisit as visitFor,
} from './notification-servers.js';
import { createCustomer, createTeam, createJob as newJob, patchJob, setStatus, type Team } from './schedule-helpers.js';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

describe('customer notifications', () => {
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
  const mailsTo = (address: string) => inbox.mails.filter((m) => m.to && JSON.stringify(m.to).includes(address));

  const bookedVisit = (customer: Record<string, unknown>, inMs?: number) => visitFor(team, customer, inMs);

  it('booking a visit sends one confirmation by email (headers, both parts, unsubscribe) and one by text', async () => {
    const job = await bookedVisit({ name: 'Anna Schmidt', email: 'anna@example.test', phone: '+4930123456' });
    const rows = await rowsOf(job.id);
    expect(rows.map((r) => [r.kind, r.channel, r.status]).sort()).toEqual([
      ['booking_confirmed', 'email', 'pending'],
      ['booking_confirmed', 'sms', 'pending'],
      ['reminder', 'email', 'pending'],
      ['reminder', 'sms', 'pending'],
    ]);
    await app.notifications.sendDue();
    await app.notifications.sendDue();
    const [mail, ...more] = mailsTo('anna@example.test');
    expect(more).toEqual([]);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toMatch(/^Your visit from .+ is booked: \w+day, /);
    expect(mail.from?.value[0]?.address).toBe('visits@fieldplan.test');
    const booking = rows.find((r) => r.kind === 'booking_confirmed' && r.channel === 'email');
    expect(mail.messageId).toBe(`<${booking?.id}@localhost>`);
    expect(mail.date).toBeInstanceOf(Date);
    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header('date')).toMatch(/^\w{3}, \d{1,2} \w{3} \d{4} /);
    expect(mail.text).toContain('Hello Anna Schmidt');
    expect(mail.html).toContain('Hello Anna Schmidt');
    const texts = sms.texts.filter((t) => t.to === '+4930123456');
    expect(texts).toHaveLength(1);
    expect(texts[0]?.from).toBe('+15005550006');
    expect(texts[0]?.body).toMatch(/your visit is booked for \w+day/);
    const sent = await rowsOf(job.id);
    expect(sent.filter((r) => r.status === 'sent').map((r) => r.kind)).toEqual([
      'booking_confirmed',
      'booking_confirmed',
    ]);

    // The one-click unsubscribe the mail client sends (RFC 8058): the customer gets nothing more.
    const unsubscribe = /<([^>]+)>/.exec(header('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(unsubscribe).toMatch(/^http:\/\/localhost\/api\/v1\/unsubscribe\//);
    const path = new URL(unsubscribe).pathname;
    const stranger = new Client(app, { origin: null });
    const forged = await stranger.request('POST', `${path.slice(0, -3)}xyz`, undefined);
    expectProblem(forged, 404, 'not_found');
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Unsubscribed');
    const enRoute = await setStatus(team.tech1, job, 'en_route');
    expect(enRoute.statusCode).toBe(200);
    expect((await rowsOf(job.id)).filter((r) => r.kind === 'on_my_way')).toEqual([]);
    const reminder = (await rowsOf(job.id)).find((r) => r.kind === 'reminder');
    expect(reminder?.status).toBe('cancelled');
  });

  it('the reminder is due the day before at 17:00 in the workspace’s zone, moves with the visit and goes once', async () => {
    const job = await bookedVisit({ name: 'Ben', email: 'ben@example.test', phone: null }, 5 * dayMs);
    const first = (await rowsOf(job.id)).find((r) => r.kind === 'reminder');
    const expected = reminderDueAt(Date.parse(job.start as string), false, 'Europe/Berlin', 1, '17:00');
    expect(Number(first?.due_at)).toBe(expected);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
    expect(local.format(expected)).toBe('17:00');

    // Moved by two days: the old reminder is cancelled, a new one takes its place, and a new confirmation goes out.
    const start = Date.parse(job.start as string) + 2 * dayMs;
    const moved = await patchJob(team.owner, job, {
      start: new Date(start).toISOString(),
      end: new Date(start + hourMs).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await rowsOf(job.id);
    const reminders = rows.filter((r) => r.kind === 'reminder');
    expect(reminders.map((r) => r.status)).toEqual(['cancelled', 'pending']);
    expect(Number(reminders[1]?.due_at)).toBe(expected + 2 * dayMs);
    expect(rows.filter((r) => r.kind === 'booking_confirmed')).toHaveLength(2);

    // Nothing of it before its time; at its time exactly once, even when asked twice.
    const before = mailsTo('ben@example.test').length;
    await app.notifications.sendDue(expected + 2 * dayMs - 1);
    const confirmations = mailsTo('ben@example.test').length;
    expect(confirmations - before).toBe(2);
    await app.notifications.sendDue(expected + 2 * dayMs);
    await app.notifications.sendDue(expected + 2 * dayMs + 1000);
    const reminderMails = mailsTo('ben@example.test').filter((m) => m.subject?.startsWith('Reminder'));
    expect(reminderMails).toHaveLength(1);
  });

  it('going en route sends the customer a working tracking link; completing sends "visit completed"', async () => {
    const c = await createCustomer(team.owner, { name: 'Cleo', email: 'cleo@example.test', phone: null });
    const start = Date.now() - hourMs / 2;
    const job = await newJob(team.owner, {
      customerId: c.id,
      start: new Date(start).toISOString(),
      end: new Date(start + 1.5 * hourMs).toISOString(),
      assigneeIds: [team.tech1.memberId],
    });
    const res = await setStatus(team.tech1, job, 'en_route');
    expect(res.statusCode, res.body).toBe(200);
    await app.notifications.sendDue();
    const mail = mailsTo('cleo@example.test').find((m) => /on the way/.test(m.subject ?? ''));
    expect(mail?.subject).toMatch(/^Tim Tech from .+ is on the way$/);
    const link = /http:\/\/localhost\/track\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    expect(mail?.html).toContain(`<a href="${link?.[0]}">`);
    const page = await new Client(app).get(`/api/v1/track/${link?.[1]}`);
    expect(page.statusCode, page.body).toBe(200);

    const done = await setStatus(team.tech1, { id: job.id, version: (res.json() as Job).version }, 'in_progress');
    const completed = await setStatus(team.tech1, { id: job.id, version: (done.json() as Job).version }, 'completed');
    expect(completed.statusCode, completed.body).toBe(200);
    await app.notifications.sendDue();
    expect(mailsTo('cleo@example.test').filter((m) => /is complete$/.test(m.subject ?? ''))).toHaveLength(1);
  });

  it('hostile customer data: escaped in HTML, never a header of its own', async () => {
    const job = await bookedVisit({
      name: '<img src=x onerror=alert(1)> & "Eve"',
      email: 'eve@example.test',
      phone: null,
    });
    // The API may refuse line breaks in names; one stored by other means must not reach a header either.
    const customerId = job.customerId as string;
    await db.kysely
      .updateTable('customers')
      .set({ name: 'Eve\r\nBcc: victim@example.test\r\n<b>x</b>' })
      .where('id', '=', customerId)
      .execute();
    const put = await team.owner.client.request(
      'PUT',
      ws(team.owner.workspaceId, '/notification-settings'),
      {
        ...(await settingsOf()),
        templates: [
          {
            kind: 'booking_confirmed',
            enabled: true,
            subject: 'Booked for {customer}',
            body: 'Hi {customer}',
            sms: 'Hi {customer}',
          },
        ],
        channels: undefined,
        version: undefined,
      },
      { 'if-match': '"0"' },
    );
    expect(put.statusCode, put.body).toBe(200);
    // A new booking for the renamed customer.
    const start = Date.parse(job.start as string) + 3 * dayMs;
    const moved = await patchJob(team.owner, job, {
      start: new Date(start).toISOString(),
      end: new Date(start + hourMs).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await app.notifications.sendDue();
    const mail = mailsTo('eve@example.test').at(-1);
    expect(mail?.subject).toBe('Booked for Eve Bcc: victim@example.test <b>x</b>');
    expect(mail?.bcc).toBeUndefined();
    expect(mail?.headers.has('bcc')).toBe(false);
    expect(mail?.html).toContain('Hi Eve');
    expect(mail?.html).not.toContain('<b>x</b>');
    expect(mail?.html).toContain('&#60;b&#62;x&#60;/b&#62;');
    expect(inbox.mails.some((m) => JSON.stringify(m.to).includes('victim@'))).toBe(false);
  });

  async function settingsOf(): Promise<NotificationSettings> {
    const res = await team.owner.client.get(ws(team.owner.workspaceId, '/notification-settings'));
    expect(res.statusCode, res.body).toBe(200);
    const { channels: _c, version: _v, ...rest } = res.json() as NotificationSettings;
    return rest as NotificationSettings;
  }

  it('settings: an unknown placeholder is 400 naming it; the dispatcher reads, only the owner changes; stale is 412', async () => {
    const url = ws(team.owner.workspaceId, '/notification-settings');
    const current = await team.owner.client.get(url);
    const version = (current.json() as NotificationSettings).version;
    const body = { ...(await settingsOf()) };
    const bad = await team.owner.client.request(
      'PUT',
      url,
      { ...body, templates: [{ kind: 'reminder', enabled: true, subject: 'Hi {name}', body: 'x', sms: 'y' }] },
      { 'if-match': `"${version}"` },
    );
    expect(expectFieldError(bad, 'templates.0.subject')).toContain('{name}');
    const read = await team.dispatcher.client.get(url);
    expect(read.statusCode).toBe(200);
    expect((read.json() as NotificationSettings).channels).toEqual({ email: true, sms: true });
    const denied = await team.dispatcher.client.request('PUT', url, body, { 'if-match': `"${version}"` });
    expectProblem(denied, 403, 'forbidden');
    expectProblem(await team.tech1.client.get(url), 403, 'forbidden');
    const stale = await team.owner.client.request('PUT', url, body, { 'if-match': `"${version + 5}"` });
    expectProblem(stale, 412, 'version_conflict');

    // Off: a booking writes nothing.
    const off = await team.owner.client.request(
      'PUT',
      url,
      { ...body, enabled: false },
      { 'if-match': `"${version}"` },
    );
    expect(off.statusCode, off.body).toBe(200);
    const job = await bookedVisit({ name: 'Dan', email: 'dan@example.test', phone: null });
    expect(await rowsOf(job.id)).toEqual([]);
    const on = await team.owner.client.request(
      'PUT',
      url,
      { ...body, enabled: true },
      { 'if-match': `"${version + 1}"` },
    );
    expect(on.statusCode, on.body).toBe(200);
  });

  it('the office opts a customer out (nothing is written for them) and back in', async () => {
    const customer = await createCustomer(team.owner, { name: 'Gil', email: 'gil@example.test', phone: null });
    const optOut = ws(team.owner.workspaceId, `/notification-optouts/${customer.id}`);
    expect((await team.dispatcher.client.request('PUT', optOut, undefined)).statusCode).toBe(204);
    const listed = await team.dispatcher.client.get(ws(team.owner.workspaceId, '/notification-optouts'));
    expect((listed.json() as { customerId: string }[]).map((o) => o.customerId)).toContain(customer.id);
    const start = Math.ceil((Date.now() + 3 * dayMs) / hourMs) * hourMs;
    const visit = (at: number) => ({
      customerId: customer.id,
      start: new Date(at).toISOString(),
      end: new Date(at + hourMs).toISOString(),
      assigneeIds: [team.tech1.memberId],
    });
    const quiet = await newJob(team.owner, visit(start));
    expect(await rowsOf(quiet.id)).toEqual([]);
    expect((await team.dispatcher.client.delete(optOut)).statusCode).toBe(204);
    const told = await newJob(team.owner, visit(start + dayMs));
    expect((await rowsOf(told.id)).map((r) => r.kind).sort()).toEqual(['booking_confirmed', 'reminder']);
  });

  it('the office sees what was sent when, and resends; another workspace’s job is 404', async () => {
    const job = await bookedVisit({ name: 'Fay', email: 'fay@example.test', phone: null });
    await app.notifications.sendDue();
    const url = ws(team.owner.workspaceId, `/jobs/${job.id}/notifications`);
    const res = await team.dispatcher.client.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as Notification[];
    const sent = list.find((n) => n.kind === 'booking_confirmed');
    expect(sent).toMatchObject({ channel: 'email', recipient: 'fay@example.test', status: 'sent', attempts: 1 });
    expect(sent?.sentAt).not.toBeNull();
    expectProblem(await team.tech1.client.get(url), 403, 'forbidden');
    const again = await team.dispatcher.client.post(`${url}/${sent?.id}/resend`, undefined);
    expect(again.statusCode, again.body).toBe(201);
    await app.notifications.sendDue();
    expect(mailsTo('fay@example.test').filter((m) => /booked/i.test(m.subject ?? ''))).toHaveLength(2);
    const other = await createTeam(app);
    expectProblem(await other.owner.client.get(ws(other.owner.workspaceId, `/jobs/${job.id}/notifications`)), 404);
  });
});
