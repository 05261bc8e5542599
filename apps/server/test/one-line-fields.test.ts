import type { Customer, Job } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import {
  type BookingTeam,
  bookingApp,
  bookingTeam,
  dateIn,
  requestBody,
  slotsFor,
  submit,
  visitor,
} from './booking-fixtures.js';
import { createTestDb } from './harness.js';
import { ws } from './helpers.js';
import { runImport, uploaded } from './import-helpers.js';
import { type Inbox, startInbox } from './notification-servers.js';
import { createCustomer, createJob } from './schedule-helpers.js';

// Names and other one-line fields never carry control characters (docs/PRODUCT.md, "Online booking"):
// stripped at input by the shared schemas (API, booking page, import alike) and again when an email's
// or text's parts are rendered, so a line break in a name can never start a line ("Bcc: …") of its own.

const evil = 'Evil\r\nBcc: evil@x.test';
const stripped = 'Evil Bcc: evil@x.test';
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

describe('one-line fields: no control characters stored or mailed', () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let inbox: Inbox;
  let team: BookingTeam;

  beforeAll(async () => {
    ({ db, cleanup } = await createTestDb());
    inbox = await startInbox();
    app = await bookingApp(db, { SMTP_URL: inbox.url, SMTP_FROM: 'visits@fieldplan.test' });
    team = await bookingTeam(app, { autoConfirm: true });
  });
  afterAll(async () => {
    await app.close();
    await inbox.close();
    await cleanup();
  });

  const mailsTo = (address: string) => inbox.mails.filter((m) => JSON.stringify(m.to).includes(address));

  it('a booking named "Evil\\r\\nBcc: …" is stored on one line, and its confirmation has no Bcc line', async () => {
    const guest = visitor(app, '10.9.0.1');
    const [slot] = await slotsFor(guest, team, dateIn(2));
    if (!slot) throw new Error('no slot');
    const body = await requestBody(guest, team, slot, {
      name: evil,
      email: 'evil.booker@example.test',
      address: 'Kastanienallee 12\r\n10435 Berlin',
    });
    const res = await submit(guest, team, body);
    expect(res.statusCode, res.body).toBe(201);
    const request = await db.kysely
      .selectFrom('booking_requests')
      .select(['name', 'address', 'customer_id'])
      .where('id', '=', res.json<{ id: string }>().id)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ name: stripped, address: 'Kastanienallee 12 10435 Berlin' });
    const customer = await db.kysely
      .selectFrom('customers')
      .select(['name', 'address'])
      .where('id', '=', request.customer_id ?? '')
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ name: stripped, address: 'Kastanienallee 12 10435 Berlin' });

    await app.notifications.sendDue();
    const [mail] = mailsTo('evil.booker@example.test');
    if (!mail?.text) throw new Error('no confirmation sent');
    expect(mail.text).toContain(`Hello ${stripped},`);
    expect(mail.text).not.toMatch(/^Bcc:/m);
    expect(JSON.stringify([mail.to, mail.cc, mail.bcc])).not.toContain('evil@x.test');
  });

  it('a name stored with a line break before input was stripped is still rendered on one line', async () => {
    const customer = await createCustomer(team.owner, { name: 'Old Name', email: 'old.data@example.test' });
    await db.kysely.updateTable('customers').set({ name: evil }).where('id', '=', customer.id).execute();
    const start = Math.ceil((Date.now() + 3 * 86_400_000) / 3_600_000) * 3_600_000;
    await createJob(team.owner, {
      customerId: customer.id,
      start: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
      assigneeIds: [team.tech1.memberId],
    });
    await app.notifications.sendDue();
    const [mail] = mailsTo('old.data@example.test');
    if (!mail?.text || !mail.html) throw new Error('no confirmation sent');
    expect(mail.text).toContain(`Hello ${stripped},`);
    expect(mail.text).not.toMatch(/^Bcc:/m);
    expect(mail.html).not.toMatch(/^Bcc:/m);
  });

  it('the API stores customers, jobs and workspace names without control characters', async () => {
    const customer = await createCustomer(team.owner, {
      name: 'Tab\tand\u0007bell\u2028sep',
      address: 'Line one\nLine two\u0085',
    });
    expect(customer).toMatchObject({ name: 'Tab and bell sep', address: 'Line one Line two' });
    const patched = await team.owner.client.patch(
      ws(team.owner.workspaceId, `/customers/${customer.id}`),
      { name: evil },
      { 'if-match': `"${customer.version}"` },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Customer>().name).toBe(stripped);

    const job: Job = await createJob(team.owner, { title: 'Boiler\r\nX-Injected: 1', address: 'Hof 2\n\n3. Etage' });
    expect(job).toMatchObject({ title: 'Boiler X-Injected: 1', address: 'Hof 2 3. Etage' });

    const renamed = await team.owner.client.patch(ws(team.owner.workspaceId), { name: 'Acme\r\nBcc: x@x.test' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ name: string }>().name).toBe('Acme Bcc: x@x.test');

    // Every customer but the one the test before wrote around the API.
    const stored = await db.kysely
      .selectFrom('customers')
      .select(['name', 'address'])
      .where('email', '!=', 'old.data@example.test')
      .execute();
    const titles = await db.kysely.selectFrom('jobs').select(['title', 'address']).execute();
    for (const row of [...stored, ...titles])
      for (const value of Object.values(row)) expect(value).not.toMatch(controls);
  });

  it('an imported CSV name with a line break is stored stripped', async () => {
    const csv =
      'Name,Email,Address\r\n"Evil\r\nBcc: evil@x.test",imported@example.test,"Hauptstraße 1\r\n10115 Berlin"\r\n';
    const imp = await uploaded(app, team.owner, 'kunden.csv', Buffer.from(csv));
    const done = await runImport(team.owner, imp, 'skip');
    expect(done.status, JSON.stringify(done)).toBe('done');
    const row = await db.kysely
      .selectFrom('customers')
      .select(['name', 'address'])
      .where('email', '=', 'imported@example.test')
      .executeTakeFirstOrThrow();
    // The importer itself makes an address's lines one, comma-separated.
    expect(row).toEqual({ name: stripped, address: 'Hauptstraße 1, 10115 Berlin' });
  });
});
