import type { BookingRequestList, NotificationSettings, PublicBookingPage } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { circleArea } from './areas-fixtures.js';
import {
  at,
  type BookingTeam,
  bookingTeam,
  bookingTestApp,
  dateIn,
  requestBody,
  site,
  slotsFor,
  submit,
  visitor,
} from './booking-fixtures.js';
import { countRows, expectFieldError, expectProblem, ws } from './helpers.js';
import { createJob, getJob, ifMatch } from './schedule-helpers.js';

describe('online booking: the public page', () => {
  let db: Db;
  let stop: () => Promise<void>;
  let app: FastifyInstance;
  let team: BookingTeam;

  beforeAll(async () => {
    ({ db, app, team, stop } = await bookingTestApp());
  });
  afterAll(() => stop());

  it('shows the company, intro and active services; 404 alike for no workspace and booking off', async () => {
    const guest = visitor(app, '10.0.0.1');
    const res = await guest.get(`/api/public/book/${team.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as PublicBookingPage;
    expect(page).toMatchObject({ intro: 'Book a visit', horizonDays: 14, timeZone: 'UTC' });
    expect(page.services).toEqual([{ id: team.service.id, name: 'Boiler service', durationMinutes: 60 }]);
    expectProblem(await guest.get('/api/public/book/no-such-workspace'), 404, 'not_found');
    const off = await bookingTeam(app, { enabled: false });
    const hidden = expectProblem(await guest.get(`/api/public/book/${off.slug}`), 404, 'not_found');
    const missing = expectProblem(await guest.get('/api/public/book/nobody-here'), 404, 'not_found');
    expect(hidden.detail).toBe(missing.detail);
  });

  it('offers hourly slots of the service’s technician within working hours and around a job', async () => {
    const date = dateIn(2);
    await createJob(team.owner, {
      start: new Date(at(date, '10:00')).toISOString(),
      end: new Date(at(date, '11:00')).toISOString(),
      assigneeIds: [team.tech1.memberId],
      ...site,
    });
    const slots = await slotsFor(visitor(app, '10.0.0.2'), team, date);
    const thatDay = slots.filter((s) => s.start.startsWith(date)).map((s) => s.start.slice(11, 16));
    expect(thatDay).toEqual(['08:00', '09:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    for (const s of slots) {
      expect(Date.parse(s.end) - Date.parse(s.start)).toBe(3_600_000);
      expect(s.with).toBe('Tim');
      expect(s.token).toMatch(/^[\w-]+\.[\w-]+$/);
    }
  });

  it('keeps to the minimum notice and the horizon', async () => {
    const guest = visitor(app, '10.0.0.5');
    const today = await slotsFor(guest, team, dateIn(0));
    for (const s of today) expect(Date.parse(s.start)).toBeGreaterThanOrEqual(Date.now() + 2 * 3_600_000 - 60_000);
    const short = await bookingTeam(app, { horizonDays: 2, minNoticeHours: 0 });
    const within = await slotsFor(guest, short, dateIn(1));
    expect(within.length).toBeGreaterThan(0);
    expect(within.every((s) => s.start < `${dateIn(2)}T00:00`)).toBe(true);
    expect(await slotsFor(guest, short, dateIn(3))).toEqual([]);
  });

  it('says plainly when the site is outside every service area, with the company phone', async () => {
    const current = await team.owner.client.get(ws(team.owner.workspaceId, '/notification-settings'));
    const { channels: _c, version, ...notification } = current.json() as NotificationSettings;
    const phone = await team.owner.client.request(
      'PUT',
      ws(team.owner.workspaceId, '/notification-settings'),
      { ...notification, companyPhone: '+49 30 555 0100' },
      ifMatch(version),
    );
    expect(phone.statusCode, phone.body).toBe(200);
    const page = await visitor(app, '10.0.0.3').get(`/api/public/book/${team.slug}`);
    expect((page.json() as PublicBookingPage).company.phone).toBe('+49 30 555 0100');
    const area = await team.owner.client.post(ws(team.owner.workspaceId, '/areas'), {
      ...circleArea({ name: 'Berlin' }),
      geometry: { type: 'Circle', center: { lat: 52.52, lng: 13.405 }, radiusM: 20_000 },
    });
    expect(area.statusCode, area.body).toBe(201);
    const far = await visitor(app, '10.0.0.3').post(`/api/public/book/${team.slug}/slots`, {
      serviceId: team.service.id,
      lat: 48.137,
      lng: 11.575,
      from: dateIn(1),
    });
    expect(expectFieldError(far, 'address')).toBe(
      'This address is outside the area we serve — call us at +49 30 555 0100',
    );
    const near = await slotsFor(visitor(app, '10.0.0.3'), team);
    expect(near.length).toBeGreaterThan(0);
  });

  it('a request makes a customer, a scheduled job holding the slot, the request and a "request received" email', async () => {
    const guest = visitor(app, '10.0.0.4');
    const [slot] = await slotsFor(guest, team, dateIn(3));
    if (!slot) throw new Error('no slot');
    const before = await countRows(db, 'customers');
    const res = await submit(guest, team, await requestBody(guest, team, slot));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as { id: string; status: string; start: string; serviceName: string };
    expect(made).toMatchObject({ status: 'pending', start: slot.start, end: slot.end, serviceName: 'Boiler service' });
    expect(await countRows(db, 'customers')).toBe(before + 1);

    const list = await team.dispatcher.client.get(ws(team.owner.workspaceId, '/booking/requests'));
    expect(list.statusCode, list.body).toBe(200);
    const { items, pendingCount } = list.json() as BookingRequestList;
    const request = items.find((r) => r.id === made.id);
    expect(request).toMatchObject({ status: 'pending', technicianId: team.tech1.memberId, notes: 'Side door' });
    expect(pendingCount).toBeGreaterThanOrEqual(1);
    const job = await getJob(team.owner, request?.jobId ?? '');
    expect(job).toMatchObject({
      status: 'scheduled',
      title: 'Boiler service',
      start: slot.start,
      assigneeIds: [team.tech1.memberId],
      bookingRequest: { id: made.id, status: 'pending' },
    });
    const rows = await db.kysely
      .selectFrom('notifications')
      .select(['kind', 'channel'])
      .where('job_id', '=', job.id)
      .execute();
    expect(
      rows
        .filter((r) => r.kind === 'booking_requested')
        .map((r) => r.channel)
        .sort(),
    ).toEqual(['email', 'sms']);
    expect(rows.filter((r) => r.kind === 'booking_confirmed')).toEqual([]);
    // The slot is taken now: not offered again.
    const again = await slotsFor(guest, team, dateIn(3));
    expect(again.map((s) => s.start)).not.toContain(slot.start);
  });

  it('the page speaks the business’s language and clock; a customer who books in German is German from then on', async () => {
    const guest = visitor(app, '10.0.0.5');
    const page = await guest.get(`/api/public/book/${team.slug}`);
    expect(page.json()).toMatchObject({ language: 'en', timeFormat: '24h', dateFormat: 'dmy' });
    const [slot] = await slotsFor(guest, team, dateIn(4));
    if (!slot) throw new Error('no slot');
    const body = await requestBody(guest, team, slot, { email: 'greta.booking@example.test', language: 'de' });
    const res = await submit(guest, team, body);
    expect(res.statusCode, res.body).toBe(201);
    const customer = await db.kysely
      .selectFrom('customers')
      .select('language')
      .where('email', '=', 'greta.booking@example.test')
      .executeTakeFirstOrThrow();
    expect(customer.language).toBe('de');
    const bad = await submit(guest, team, { ...(await requestBody(guest, team, slot)), language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.[0]?.path).toBe('language');
  });
});
