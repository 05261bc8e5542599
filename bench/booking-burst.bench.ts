// 50 customers send the same slot of the booking page at once (docs/adr/0038-booking-slot-turns.md):
// on PostgreSQL two server processes (each its own pool of 10) on one database, on SQLite one process;
// the calendar benchmarks' workspace (50 technicians, 2,000 jobs), the service done by one technician.
// Real HTTP from this process to the servers, each customer from an address of its own (X-Forwarded-For
// behind TRUST_PROXY). Counts the answers and times each submit (not the challenge or the slot search
// before it). Target: 1 × 201, 49 × 409 `slot_taken`, p99 ≤ 1 s (docs/PERFORMANCE.md). Five rounds,
// each on a fresh day.

import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { leadingZeroBits, type PublicChallenge, type PublicSlot } from '@fieldplan/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { migrate, openDb } from '../apps/server/src/db/database.js';
import { newId } from '../apps/server/src/lib/ids.js';
import { emptyDatabase } from '../apps/server/test/shared-database.js';
import { seedWeek } from './calendar-week.seed.js';
import { fmt, percentile } from './support.js';

const customers = 50;
const rounds = 6;
const difficulty = 8;

/** A server process of the deployment: the real app on the database, answering on a loopback port. */
async function serve(url: string) {
  const db = openDb(url);
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'the booking burst bench secret, 32+ characters',
      TRUST_PROXY: '127.0.0.1',
    }),
    WEB_DIST: '',
  };
  const app = await buildApp({
    config,
    db,
    logger: false,
    notifications: { worker: false },
    booking: { sweep: false, difficulty },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('disconnect', () => void app.close().then(() => db.close().then(() => process.exit(0))));
}

async function main() {
  for (const dialect of ['postgres', 'sqlite'] as const) {
    const { url, drop } = await emptyDatabase(dialect);
    const db = openDb(url);
    await migrate(db);
    await seedWeek(db);
    const ws = await db.kysely
      .selectFrom('workspaces')
      .select('id')
      .where('slug', '=', 'bench')
      .executeTakeFirstOrThrow();
    const tech = await db.kysely
      .selectFrom('memberships')
      .select('id')
      .where('workspace_id', '=', ws.id)
      .where('role', '=', 'technician')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const serviceId = newId();
    await db.kysely
      .updateTable('workspaces')
      .set({ working_hours: JSON.stringify({ start: '08:00', end: '17:00', days: [0, 1, 2, 3, 4, 5, 6] }) })
      .where('id', '=', ws.id)
      .execute();
    await db.kysely
      .insertInto('booking_settings')
      .values({
        workspace_id: ws.id,
        enabled: 1,
        auto_confirm: 0,
        hold_hours: 24,
        pending_cap: 1000,
        horizon_days: 30,
        min_notice_hours: 2,
        intro: '',
        version: 1,
        updated_at: now,
      })
      .execute();
    await db.kysely
      .insertInto('booking_services')
      .values({
        id: serviceId,
        workspace_id: ws.id,
        name: 'Boiler service',
        duration_minutes: 60,
        technician_ids: JSON.stringify([tech.id]),
        active: 1,
        position: 0,
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.close();

    const servers = await Promise.all(Array.from({ length: dialect === 'postgres' ? 2 : 1 }, () => startServer(url)));
    const latencies: number[] = [];
    const tally = new Map<string, number>();
    let perRound = '';
    const roundTimes: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const roundLatencies: number[] = [];
      const origin = (i: number) => servers[i % servers.length]?.origin ?? '';
      const from = new Date(now + (2 + round) * 86_400_000).toISOString().slice(0, 10);
      const slots = (await call(origin(0), 'slots', '10.0.0.1', { serviceId, lat: 52.52, lng: 13.405, from })) as {
        slots: PublicSlot[];
      };
      const slot = slots.slots[0];
      if (!slot) throw new Error('no slot offered');
      const bodies = await Promise.all(
        Array.from({ length: customers }, async (_, i) => {
          const challenge = (await call(origin(i), 'challenge', client(round, i))) as PublicChallenge;
          return {
            slotToken: slot.token,
            serviceId,
            name: `Guest ${i}`,
            email: `guest${round}-${i}@example.test`,
            address: 'Kastanienallee 12, 10435 Berlin',
            // Each at an address of its own: their fresh slot searches share nothing.
            lat: 52.45 + i * 0.003,
            lng: 13.3 + i * 0.004,
            website: '',
            challenge: challenge.challenge,
            nonce: solve(challenge),
          };
        }),
      );
      const statuses = await Promise.all(
        bodies.map(async (body, i) => {
          const t0 = performance.now();
          const res = await fetch(`${origin(i)}/api/public/book/bench/requests`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': client(round, i) },
            body: JSON.stringify(body),
          });
          const problem = (await res.json()) as { code?: string };
          roundLatencies.push(performance.now() - t0);
          return problem.code ? `${res.status} ${problem.code}` : String(res.status);
        }),
      );
      const counts = new Map<string, number>();
      for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
      for (const [s, n] of counts) tally.set(s, (tally.get(s) ?? 0) + n);
      perRound += ` [${[...counts].map(([s, n]) => `${n} × ${s}`).join(', ')}]`;
      roundTimes.push(`${fmt(percentile(roundLatencies, 50))} / ${fmt(Math.max(...roundLatencies))}`);
      // The first round opens the processes' pool connections and warms their code: shown, not counted.
      if (round > 0) latencies.push(...roundLatencies);
    }
    console.log(
      `${dialect.padEnd(8)} ${servers.length} process(es), ${rounds - 1} rounds of ${customers} at once after one warming up:` +
        ` p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  max ${fmt(Math.max(...latencies))}`,
    );
    console.log(`         answers per round:${perRound}`);
    console.log(`         p50 / max per round (the first, warming up, is not in p50/p99): ${roundTimes.join('  ')}`);
    for (const server of servers) {
      server.child.disconnect();
      await once(server.child, 'exit');
    }
    await drop();
  }
}

/** Each customer of each round from a network of its own: no per-address or per-network cap applies. */
const client = (round: number, i: number) => `10.${round * customers + i}.0.1`;

async function startServer(url: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_BOOKING_DB: url },
    execArgv: ['--import', 'tsx'],
  });
  const [message] = (await once(child, 'message')) as [{ port: number }];
  return { child, origin: `http://127.0.0.1:${message.port}` };
}

async function call(origin: string, route: 'slots' | 'challenge', from: string, body: unknown = {}) {
  const res = await fetch(`${origin}/api/public/book/bench/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

function solve({ challenge, difficulty: bits }: PublicChallenge): string {
  for (let n = 0; ; n += 1) {
    const digest = createHash('sha256').update(`${challenge}:${n}`).digest();
    if (leadingZeroBits(digest) >= bits) return String(n);
  }
}

if (process.env.BENCH_BOOKING_DB) await serve(process.env.BENCH_BOOKING_DB);
else await main();
