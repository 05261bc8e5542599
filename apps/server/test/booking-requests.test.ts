import type { BookingRequest, BookingRequestList, Job } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { deletedJobReason } from '../src/modules/booking/decide.js';
import {
  type BookingTeam,
  bookingTeam,
  bookingTestApp,
  dateIn,
  hourMs,
  requestBody,
  slotsFor,
  submit,
  visitor,
} from './booking-fixtures.js';
import { expectProblem, ws } from './helpers.js';
import { deleteJob, getJob, ifMatch, patchJob } from './schedule-helpers.js';

describe('online booking: deciding requests and holds running out', () => {
  let db: Db;
  let stop: () => Promise<void>;
  let app: FastifyInstance;
  let team: BookingTeam;
  let guests = 0;

  beforeAll(async () => {
    ({ db, app, team, stop } = await bookingTestApp());
  });
  afterAll(() => stop());

  /** A new pending request (another customer, another address) on day `day` from now. */
  async function requested(t: BookingTeam = team, day = 2, email = `guest${guests}@example.test`) {
    guests += 1;
    const guest = visitor(app, `10.1.0.${guests}`);
    const [slot] = await slotsFor(guest, t, dateIn(day));
    if (!slot) throw new Error('no slot');
    const res = await submit(guest, t, await requestBody(guest, t, slot, { email }));
    expect(res.statusCode, res.body).toBe(201);
    const list = await t.owner.client.get(ws(t.owner.workspaceId, '/booking/requests?status=all'));
    const request = (list.json() as BookingRequestList).items.find((r) => r.id === (res.json() as { id: string }).id);
    if (!request) throw new Error('request not listed');
    return request;
  }

  const kinds = async (jobId: string) =>
    (await db.kysely.selectFrom('notifications').select('kind').where('job_id', '=', jobId).execute())
      .map((r) => r.kind)
      .sort();
  const decide = (request: BookingRequest, outcome: 'confirm' | 'decline', version = request.version, body?: unknown) =>
    team.dispatcher.client.post(
      ws(team.owner.workspaceId, `/booking/requests/${request.id}/${outcome}`),
      body,
      ifMatch(version),
    );

  it('confirming keeps the job scheduled, sends the booking confirmation then, and is 412 when stale', async () => {
    const request = await requested();
    expect(await kinds(request.jobId ?? '')).not.toContain('booking_confirmed');
    expectProblem(await decide(request, 'confirm', request.version + 1), 412, 'version_conflict');
    const res = await decide(request, 'confirm');
    expect(res.statusCode, res.body).toBe(200);
    const confirmed = res.json() as BookingRequest;
    expect(confirmed).toMatchObject({ status: 'confirmed', holdExpiresAt: null, decidedBy: team.dispatcher.memberId });
    expect(confirmed.version).toBe(request.version + 1);
    const job = await getJob(team.owner, request.jobId ?? '');
    expect(job).toMatchObject({ status: 'scheduled', bookingRequest: { id: request.id, status: 'confirmed' } });
    expect((await kinds(job.id)).filter((k) => k === 'booking_confirmed')).toHaveLength(2); // email and text
    // Decided: a second decision is refused, not repeated.
    expectProblem(await decide(confirmed, 'decline'), 409, 'invalid_transition');
  });

  it("a pending request moved on the board lists the visit's new time", async () => {
    const request = await requested(team, 5);
    const job = await getJob(team.owner, request.jobId ?? '');
    const start = new Date(Date.parse(request.start) + hourMs).toISOString();
    const end = new Date(Date.parse(request.end) + hourMs).toISOString();
    const moved = await patchJob(team.dispatcher, job, { start, end });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = await team.owner.client.get(ws(team.owner.workspaceId, '/booking/requests'));
    const row = (list.json() as BookingRequestList).items.find((r) => r.id === request.id);
    expect(row).toMatchObject({ status: 'pending', start, end });
    // Decided, so the later tests' sweeps find only their own pending requests.
    expect((await decide(request, 'decline', row?.version)).statusCode).toBe(200);
  });

  it('declining cancels the job (the slot is offered again) and tells the customer', async () => {
    const request = await requested(team, 3);
    const res = await decide(request, 'decline', request.version, { reason: 'No parts that week' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', declineReason: 'No parts that week' });
    const job = await getJob(team.owner, request.jobId ?? '');
    expect(job).toMatchObject({ status: 'cancelled', bookingRequest: { id: request.id, status: 'declined' } });
    expect(await kinds(job.id)).toContain('booking_declined');
    const slots = await slotsFor(visitor(app, '10.1.9.1'), team, dateIn(3));
    expect(slots.map((s) => s.start)).toContain(request.start);
  });

  it('a hold that ran out is expired once by concurrent sweeps, its job cancelled and the customer told', async () => {
    const request = await requested(team, 4);
    const holdEnd = Date.parse(request.holdExpiresAt ?? '');
    expect(holdEnd - Date.parse(request.createdAt)).toBe(24 * hourMs);
    expect(await app.booking.expireHolds(holdEnd - 1)).toBe(0);
    const swept = await Promise.all([app.booking.expireHolds(holdEnd), app.booking.expireHolds(holdEnd)]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    const job = await getJob(team.owner, request.jobId ?? '');
    expect(job).toMatchObject({ status: 'cancelled', bookingRequest: { id: request.id, status: 'expired' } });
    expect((await kinds(job.id)).filter((k) => k === 'booking_declined')).toHaveLength(2);
    const list = await team.owner.client.get(ws(team.owner.workspaceId, '/booking/requests?status=all'));
    const row = (list.json() as BookingRequestList).items.find((r) => r.id === request.id);
    expect(row).toMatchObject({ status: 'expired', decidedBy: null, holdExpiresAt: null });
    expectProblem(await decide(request, 'confirm', row?.version), 409, 'invalid_transition');
  });

  it('a hold past its time is expired when requests are read, before any sweep', async () => {
    const request = await requested(team, 7);
    await db.kysely
      .updateTable('booking_requests')
      .set({ hold_expires_at: Date.now() - 1 })
      .where('id', '=', request.id)
      .execute();
    const list = await team.owner.client.get(ws(team.owner.workspaceId, '/booking/requests'));
    expect((list.json() as BookingRequestList).items.map((r) => r.id)).not.toContain(request.id);
    const job = await getJob(team.owner, request.jobId ?? '');
    expect(job).toMatchObject({ status: 'cancelled', bookingRequest: { id: request.id, status: 'expired' } });
  });

  it('the list counts pending requests and goes live: booking_request changes without customer details', async () => {
    const before = (await (
      await team.owner.client.get(ws(team.owner.workspaceId, '/booking/requests'))
    ).json()) as BookingRequestList;
    const request = await requested(team, 5);
    const list = (await (
      await team.owner.client.get(ws(team.owner.workspaceId, '/booking/requests'))
    ).json()) as BookingRequestList;
    expect(list.pendingCount).toBe(before.pendingCount + 1);
    expect(list.items.every((r) => r.status === 'pending')).toBe(true);
    const changes = await team.owner.client.get(ws(team.owner.workspaceId, '/changes?after=0'));
    expect(changes.statusCode, changes.body).toBe(200);
    const entries = (changes.json() as { changes: { entity: string; data: Record<string, unknown> }[] }).changes;
    const mine = entries.filter((c) => c.entity === 'booking_request' && c.data.id === request.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]?.data).toEqual({
      id: request.id,
      status: 'pending',
      jobId: request.jobId,
      version: 1,
      pendingCount: list.pendingCount,
    });
    expect(entries.some((c) => c.entity === 'job' && c.data.id === request.jobId)).toBe(true);
  });

  it('auto-confirm: the request is confirmed at once and the booking confirmation is the only email', async () => {
    const auto = await bookingTeam(app, { autoConfirm: true });
    const request = await requested(auto, 2, 'auto@example.test');
    expect(request).toMatchObject({ status: 'confirmed', holdExpiresAt: null });
    const job = (await getJob(auto.owner, request.jobId ?? '')) as Job;
    expect(job.bookingRequest).toEqual({ id: request.id, status: 'confirmed' });
    const sent = await kinds(job.id);
    expect(sent.filter((k) => k.startsWith('booking_'))).toEqual(['booking_confirmed', 'booking_confirmed']);
  });

  it('deleting the job of a pending request declines it, frees the slot and tells the customer, never confirms', async () => {
    const request = await requested(team, 8);
    const job = await getJob(team.owner, request.jobId ?? '');
    const deleted = await deleteJob(team.dispatcher, job);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const pending = await team.owner.client.get(ws(team.owner.workspaceId, '/booking/requests'));
    expect((pending.json() as BookingRequestList).items.map((r) => r.id)).not.toContain(request.id);
    const all = await team.owner.client.get(ws(team.owner.workspaceId, '/booking/requests?status=all'));
    const row = (all.json() as BookingRequestList).items.find((r) => r.id === request.id);
    expect(row).toMatchObject({
      status: 'declined',
      jobId: null,
      decidedBy: null,
      holdExpiresAt: null,
      declineReason: deletedJobReason,
    });
    expectProblem(await decide(request, 'confirm', row?.version), 409, 'invalid_transition');
    expectProblem(await decide(request, 'decline', row?.version), 409, 'invalid_transition');
    const sent = await kinds(job.id);
    expect(sent).not.toContain('booking_confirmed');
    expect(sent).toContain('booking_declined');
    // The "declined" message is composed from the deleted job (this app has no mailer: skipped, not cancelled).
    await app.notifications.sendDue();
    const declined = await db.kysely
      .selectFrom('notifications')
      .select(['status', 'reason'])
      .where('job_id', '=', job.id)
      .where('kind', '=', 'booking_declined')
      .execute();
    expect(declined.map((r) => r.status)).toEqual(declined.map(() => 'skipped'));
    const slots = await slotsFor(visitor(app, '10.1.9.2'), team, dateIn(8));
    expect(slots.map((s) => s.start)).toContain(request.start);
  });

  it('a confirm and a delete of its job at once: exactly one happens, never a confirmed request without its job', async () => {
    const request = await requested(team, 10);
    const job = await getJob(team.owner, request.jobId ?? '');
    const [confirmed, deleted] = await Promise.all([decide(request, 'confirm'), deleteJob(team.owner, job)]);
    // One wins; the other finds the request or the job changed under it (409 or 412), never a 500.
    const statuses = [confirmed.statusCode, deleted.statusCode];
    expect(statuses.filter((code) => code === 200)).toHaveLength(1);
    expect(statuses.filter((code) => code !== 200).every((code) => code === 409 || code === 412)).toBe(true);
    const all = await team.owner.client.get(ws(team.owner.workspaceId, '/booking/requests?status=all'));
    const row = (all.json() as BookingRequestList).items.find((r) => r.id === request.id);
    if (confirmed.statusCode === 200) {
      expect(row).toMatchObject({ status: 'confirmed', jobId: job.id });
    } else {
      expect(row).toMatchObject({ status: 'declined', jobId: null });
      expect(await kinds(job.id)).not.toContain('booking_confirmed');
    }
  });

  it('a job edit and a decision on its request at once: both in some order, or one 409/412, never a 500 or a mismatch', async () => {
    // Deciding takes the change log's row, then the job's; an edit must take them in the same order
    // or PostgreSQL finds a deadlock (docs/adr/0030-online-booking.md, "Lock order"). Repeated: a race.
    const outcomes = ['confirm', 'decline', 'confirm', 'decline', 'confirm', 'decline'] as const;
    for (const [n, outcome] of outcomes.entries()) {
      const request = await requested(team, 11 + (n % 3)); // inside the 14-day horizon
      const job = await getJob(team.owner, request.jobId ?? '');
      const title = `Edited at once ${n}`;
      const start = new Date(Date.parse(request.start) + hourMs).toISOString();
      const end = new Date(Date.parse(request.end) + hourMs).toISOString();
      const body = outcome === 'decline' ? { reason: 'No one free' } : undefined;
      const [decided, edited] = await Promise.all([
        decide(request, outcome, request.version, body),
        patchJob(team.dispatcher, job, { title, start, end }),
      ]);
      // The decision never loses: the edit either went first (and the decision saw it) or is stale.
      expect(decided.statusCode, decided.body).toBe(200);
      if (edited.statusCode !== 200) expectProblem(edited, 412, 'version_conflict');
      const after = await getJob(team.owner, job.id);
      const status = outcome === 'confirm' ? 'confirmed' : 'declined';
      expect(after.bookingRequest).toMatchObject({ id: request.id, status });
      expect((decided.json() as BookingRequest).status).toBe(status);
      if (outcome === 'decline') expect(after.status).toBe('cancelled');
      else expect(after.status).not.toBe('cancelled');
      expect(after.title).toBe(edited.statusCode === 200 ? title : job.title);
    }
  });

  it('a pending request whose job is gone is not actionable: listed without a job, 410 to confirm or decline', async () => {
    const request = await requested(team, 9);
    // A job deleted before deleting declined its request (or by any path that skips the job's writers).
    await db.kysely.updateTable('jobs').set({ deleted_at: Date.now() }).where('id', '=', request.jobId).execute();
    const list = await team.owner.client.get(ws(team.owner.workspaceId, '/booking/requests'));
    const row = (list.json() as BookingRequestList).items.find((r) => r.id === request.id);
    expect(row).toMatchObject({ status: 'pending', jobId: null });
    expectProblem(await decide(request, 'confirm', row?.version), 410, 'gone');
    expectProblem(await decide(request, 'decline', row?.version, { reason: 'Spam' }), 410, 'gone');
    expect(await kinds(request.jobId ?? '')).not.toContain('booking_confirmed');
    const after = await team.owner.client.get(ws(team.owner.workspaceId, '/booking/requests'));
    expect((after.json() as BookingRequestList).items.find((r) => r.id === request.id)?.status).toBe('pending');
    // Its hold still runs out, which closes it.
    expect(await app.booking.expireHolds(Date.parse(request.holdExpiresAt ?? ''))).toBeGreaterThanOrEqual(1);
  });

  it('another workspace’s request is 404 to confirm or decline', async () => {
    const other = await bookingTeam(app);
    const request = await requested(team, 6);
    const url = ws(other.owner.workspaceId, `/booking/requests/${request.id}/confirm`);
    expectProblem(await other.owner.client.post(url, undefined, ifMatch(request.version)), 404, 'not_found');
    const list = await other.owner.client.get(ws(other.owner.workspaceId, '/booking/requests?status=all'));
    expect((list.json() as BookingRequestList).items).toEqual([]);
  });
});
