import { type BookingRequestList, bookingLimits } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BookingTeam,
  bookingTestApp,
  dateIn,
  requestBody,
  slotsFor,
  submit,
  visitor,
} from './booking-fixtures.js';
import { expectProblem, ws } from './helpers.js';

// Pending caps beneath the workspace's (docs/PRODUCT.md, "Online booking"): one address, and one network
// (/24), may have only so many requests waiting, so one sender cannot fill the workspace's cap and close
// the page for everyone; the office's Requests list says when a cap turned someone away.

describe('online booking: per-address and per-network pending caps', () => {
  let app: FastifyInstance;
  let team: BookingTeam;
  let stop: () => Promise<void>;
  let sent = 0;

  beforeAll(async () => {
    ({ app, team, stop } = await bookingTestApp());
  });
  afterAll(() => stop());

  /** A request from `address` for the first time still free, each with an email of its own. */
  const book = async (address: string) => {
    const guest = visitor(app, address);
    const [slot] = await slotsFor(guest, team, dateIn(2));
    if (!slot) throw new Error('no slot');
    sent += 1;
    return submit(guest, team, await requestBody(guest, team, slot, { email: `sender${sent}@example.test` }));
  };
  const capHit = async () => {
    const res = await team.owner.client.get(ws(team.owner.workspaceId, '/booking/requests'));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BookingRequestList>().capHit;
  };

  it('one address is refused past its cap while another still books, and the office is told', async () => {
    expect(await capHit()).toBeNull();
    for (let i = 0; i < bookingLimits.pendingPerAddress; i += 1) {
      const res = await book('10.7.0.1');
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = expectProblem(await book('10.7.0.1'), 429, 'rate_limited');
    expect(refused.detail).toMatch(/from your connection are waiting/);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(await capHit()).toEqual({ scope: 'address', at: expect.any(String) });

    expect((await book('10.8.0.1')).statusCode).toBe(201);
  });

  it('a neighbour in the same /24 is refused once the network has its share waiting; another network books', async () => {
    // 10.7.0.1 has its requests waiting from the test before; its neighbours fill the network's share.
    let waiting = bookingLimits.pendingPerAddress;
    for (let host = 2; waiting < bookingLimits.pendingPerNetwork; host += 1) {
      for (let i = 0; i < bookingLimits.pendingPerAddress && waiting < bookingLimits.pendingPerNetwork; i += 1) {
        const res = await book(`10.7.0.${host}`);
        expect(res.statusCode, res.body).toBe(201);
        waiting += 1;
      }
    }
    const refused = expectProblem(await book('10.7.0.200'), 429, 'rate_limited');
    expect(refused.detail).toMatch(/from your connection are waiting/);
    expect(await capHit()).toEqual({ scope: 'network', at: expect.any(String) });

    expect((await book('10.7.1.1')).statusCode).toBe(201);
  });
});
