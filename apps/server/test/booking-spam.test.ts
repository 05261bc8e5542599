import { createHash } from 'node:crypto';
import { leadingZeroBits, type PublicSlot } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { publicBookingLimits } from '../src/modules/booking/index.js';
import {
  type BookingTeam,
  bookingTeam,
  bookingTestApp,
  challengeFor,
  dateIn,
  requestBody,
  slotsFor,
  submit,
  testDifficulty,
  visitor,
} from './booking-fixtures.js';
import { countRows, expectFieldError, expectProblem } from './helpers.js';
import { scheduleCounts } from './schedule-helpers.js';

/** A nonce whose hash lacks the test difficulty's zero bits (the first of several that does). */
function failingNonce(challenge: string): string {
  for (let n = 0; ; n += 1) {
    const digest = createHash('sha256').update(`${challenge}:bad${n}`).digest();
    if (leadingZeroBits(digest) < testDifficulty) return `bad${n}`;
  }
}

describe('online booking: spam, caps and two customers for one slot', () => {
  let db: Db;
  let stop: () => Promise<void>;
  let app: FastifyInstance;
  let team: BookingTeam;

  beforeAll(async () => {
    ({ db, app, team, stop } = await bookingTestApp());
  });
  afterAll(() => stop());

  const nothingWritten = async (run: () => Promise<void>) => {
    const before = { ...(await scheduleCounts(db)), requests: await countRows(db, 'booking_requests') };
    await run();
    expect({ ...(await scheduleCounts(db)), requests: await countRows(db, 'booking_requests') }).toEqual(before);
  };

  it('two customers submit the same slot at once: exactly one wins, the other gets 409 slot_taken with fresh slots', async () => {
    const [a, b] = [visitor(app, '10.2.0.1'), visitor(app, '10.2.0.2')];
    const [slot] = await slotsFor(a, team, dateIn(2));
    if (!slot) throw new Error('no slot');
    const bodies = [
      await requestBody(a, team, slot, { email: 'a@example.test' }),
      await requestBody(b, team, slot, { email: 'b@example.test' }),
    ];
    const [ra, rb] = await Promise.all([submit(a, team, bodies[0]), submit(b, team, bodies[1])]);
    const codes = [ra.statusCode, rb.statusCode].sort();
    expect(codes, `${ra.body} ${rb.body}`).toEqual([201, 409]);
    const lost = ra.statusCode === 409 ? ra : rb;
    const problem = expectProblem(lost, 409, 'slot_taken') as unknown as { slots: PublicSlot[]; detail: string };
    expect(problem.detail).toMatch(/just taken/);
    expect(problem.slots.length).toBeGreaterThan(0);
    expect(problem.slots.map((s) => s.start)).not.toContain(slot.start);
    const jobs = await db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('workspace_id', '=', team.owner.workspaceId)
      .where('start_at', '=', Date.parse(slot.start))
      .where('status', '=', 'scheduled')
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it('a filled honeypot answers like a success and stores nothing', async () => {
    const guest = visitor(app, '10.2.0.3');
    const [slot] = await slotsFor(guest, team, dateIn(3));
    if (!slot) throw new Error('no slot');
    const body = await requestBody(guest, team, slot, { website: 'http://spam.example' });
    await nothingWritten(async () => {
      const res = await submit(guest, team, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'pending', serviceName: 'Boiler service' });
    });
  });

  it('a wrong nonce, a forged challenge or slot, and a challenge used twice are refused, naming the field', async () => {
    const guest = visitor(app, '10.2.0.4');
    const [slot, other] = await slotsFor(guest, team, dateIn(4));
    if (!slot || !other) throw new Error('no slots');
    const body = await requestBody(guest, team, slot, { email: 'c@example.test' });
    await nothingWritten(async () => {
      const wrong = await submit(guest, team, { ...body, nonce: failingNonce(body.challenge) });
      expectFieldError(wrong, 'challenge');
      const forged = `${body.challenge.split('.')[0]}.AAAA`;
      expectFieldError(await submit(guest, team, { ...body, challenge: forged }), 'challenge');
      const tampered = `${slot.token.split('.')[0]}x.${slot.token.split('.')[1]}`;
      expectFieldError(await submit(guest, team, { ...body, slotToken: tampered }), 'slotToken');
    });
    const ok = await submit(guest, team, body);
    expect(ok.statusCode, ok.body).toBe(201);
    const again = await submit(guest, team, { ...body, slotToken: other.token });
    expect(expectFieldError(again, 'challenge')).toMatch(/reload the page/);
  });

  it('each public route is rate-limited per address: 429 with Retry-After', async () => {
    const guest = visitor(app, '10.2.0.5');
    const body = { serviceId: team.service.id, lat: 52.52, lng: 13.4 };
    let last = await guest.post(`/api/public/book/${team.slug}/slots`, body);
    for (let i = 1; i <= publicBookingLimits.slots; i += 1) {
      last = await guest.post(`/api/public/book/${team.slug}/slots`, body);
    }
    const problem = expectProblem(last, 429, 'rate_limited');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(problem.retryAfter).toBe(Number(last.headers['retry-after']));
    // Malformed requests count too; another address is not held up.
    const spammer = visitor(app, '10.2.0.6');
    let res = await spammer.post(`/api/public/book/${team.slug}/requests`, { junk: true });
    expectProblem(res, 400, 'validation_failed');
    for (let i = 1; i <= publicBookingLimits.submit; i += 1) {
      res = await spammer.post(`/api/public/book/${team.slug}/requests`, { junk: true });
    }
    expectProblem(res, 429, 'rate_limited');
    expect((await visitor(app, '10.2.0.7').get(`/api/public/book/${team.slug}`)).statusCode).toBe(200);
  });

  it('pending caps: per email address and per workspace, said plainly (429)', async () => {
    const capped = await bookingTeam(app, { pendingCap: 4 });
    const guest = (n: number) => visitor(app, `10.3.0.${n}`);
    const book = async (n: number, email: string) => {
      const g = guest(n);
      const slots = await slotsFor(g, capped, dateIn(2 + (n % 5)));
      const slot = slots[n % slots.length];
      if (!slot) throw new Error('no slot');
      return submit(g, capped, await requestBody(g, capped, slot, { email }));
    };
    for (let n = 1; n <= 3; n += 1) expect((await book(n, 'same@example.test')).statusCode).toBe(201);
    const perEmail = expectProblem(await book(4, 'same@example.test'), 429, 'rate_limited');
    expect(perEmail.detail).toMatch(/already have 3 requests waiting/);
    expect((await book(5, 'other@example.test')).statusCode).toBe(201);
    const full = expectProblem(await book(6, 'third@example.test'), 429, 'rate_limited');
    expect(full.detail).toMatch(/too many booking requests waiting/);
  });

  it('a challenge is one per request: its signature names the workspace', async () => {
    const other = await bookingTeam(app);
    const guest = visitor(app, '10.2.0.8');
    const [slot] = await slotsFor(guest, team, dateIn(5));
    if (!slot) throw new Error('no slot');
    const foreign = await challengeFor(guest, other);
    const body = { ...(await requestBody(guest, team, slot)), ...foreign };
    expectFieldError(await submit(guest, team, body), 'challenge');
  });
});
