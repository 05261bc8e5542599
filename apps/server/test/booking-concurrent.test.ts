import type { PublicSlot } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrate, openDb } from '../src/db/database.js';
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
import { testDialect } from './harness.js';
import { expectProblem } from './helpers.js';
import { emptyDatabase } from './shared-database.js';
import { type OsrmServer, startOsrmServer } from './travel-osrm-server.js';

// Many customers sending the same slot at once (docs/adr/0038-booking-slot-turns.md): on PostgreSQL two
// server processes, each with its own pool of 10, on one database; on SQLite one process. Drive times
// come from a routing server that takes its time (a stand-in for OSRM), so each slot check is slow, as
// on a busy day: every loser is still told 409 `slot_taken` with fresh slots — none waits in a queue
// of slot checks into a pool or statement timeout (503).

const customers = 50;

describe('online booking: 50 customers, one slot', () => {
  let drop: () => Promise<void>;
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];
  const first = <T>(list: T[]) => list[0] as T;
  let team: BookingTeam;
  let routing: OsrmServer;

  beforeAll(async () => {
    routing = await startOsrmServer();
    routing.mode = 'slow';
    routing.delayMs = 300;
    const database = await emptyDatabase();
    drop = database.drop;
    const processes = testDialect === 'postgres' ? 2 : 1;
    for (let i = 0; i < processes; i += 1) {
      const db = openDb(database.url);
      if (i === 0) await migrate(db);
      dbs.push(db);
      apps.push(await bookingApp(db, { ROUTING_URL: routing.origin }));
    }
    team = await bookingTeam(first(apps));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await drop();
    await routing.close();
  });

  it('exactly one is booked; the other 49 get 409 slot_taken with fresh slots, on every process', async () => {
    const appOf = (i: number) => apps[i % apps.length] as FastifyInstance;
    // Each customer from a network of their own, so no per-address or per-network cap is reached.
    const guests = Array.from({ length: customers }, (_, i) => visitor(appOf(i), `10.${60 + i}.0.1`));
    const [slot] = await slotsFor(first(guests), team, dateIn(3));
    if (!slot) throw new Error('no slot');
    const bodies = await Promise.all(
      guests.map((g, i) => requestBody(g, team, slot, { email: `guest${i}@example.test`, name: `Guest ${i}` })),
    );
    const answers = await Promise.all(guests.map((g, i) => submit(g, team, bodies[i])));

    const byStatus = new Map<number, number>();
    for (const res of answers) byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus), answers.find((r) => r.statusCode >= 500)?.body).toEqual({
      201: 1,
      409: customers - 1,
    });
    for (const lost of answers.filter((r) => r.statusCode === 409)) {
      const problem = expectProblem(lost, 409, 'slot_taken') as unknown as { slots: PublicSlot[] };
      expect(problem.slots.length).toBeGreaterThan(0);
      expect(problem.slots.map((s) => s.start)).not.toContain(slot.start);
    }
    const booked = await first(dbs)
      .kysely.selectFrom('booking_requests')
      .select('name')
      .where('workspace_id', '=', team.owner.workspaceId)
      .execute();
    expect(booked).toHaveLength(1);
  }, 60_000);
});
