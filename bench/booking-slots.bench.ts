// The booking page's slot search: one service every technician does (60 min), a site in Berlin,
// 50 technicians and the 2,000 jobs of the calendar benchmarks' week, searched over the page's 7
// days with hourly starts, on SQLite and PostgreSQL. Target p99 ≤ 150 ms. Called in-process with
// "now" at the week's Monday (the seeded week lies in the past, where the page would offer
// nothing), so this measures the hold sweep's query, the calendar expansion, the travel search,
// the technicians' names and the signed tokens — not HTTP (docs/PERFORMANCE.md). Beside it, in turns,
// the peer: the office's "suggest a slot" search of the same site over the same 7 days (the suggest
// bench's work), so a loaded machine shows in both and the ratio stays readable.

import { createHash } from 'node:crypto';
import { defaultTravelSettings } from '@fieldplan/shared';
import { newId } from '../apps/server/src/lib/ids.js';
import { seededRandom } from '../apps/server/src/lib/seeded-random.js';
import { openPage, type PublicContext, publicSlots } from '../apps/server/src/modules/booking/public.js';
import { signer } from '../apps/server/src/modules/booking/tokens.js';
import { modelProvider } from '../apps/server/src/modules/travel/provider.js';
import { SharedSlotReads, suggestForSite } from '../apps/server/src/modules/travel/site-slots.js';
import { seedWeek } from './calendar-week.seed.js';
import { benchDb, fmt, percentile } from './support.js';

const monday = Date.parse('2026-05-31T22:00:00Z'); // 1 June 2026, 00:00 in Europe/Berlin
const key = signer(createHash('sha256').update('bench booking key').digest());

for (const dialect of ['sqlite', 'postgres'] as const) {
  const { db, cleanup } = await benchDb(dialect);
  await seedWeek(db);
  const { next: random } = seededRandom(17);
  const ws = await db.kysely
    .selectFrom('workspaces')
    .select('id')
    .where('slug', '=', 'bench')
    .executeTakeFirstOrThrow();
  // Spread the sites and the technicians' home bases over Berlin (the seed puts every site in one place).
  const place = () => ({ lat: 52.4 + random() * 0.25, lng: 13.2 + random() * 0.4 });
  const now = Date.now();
  const serviceId = newId();
  await db.kysely.transaction().execute(async (trx) => {
    const techs = await trx.selectFrom('memberships').select('id').where('role', '=', 'technician').execute();
    for (const t of techs) {
      const home = place();
      await trx
        .updateTable('memberships')
        .set({ home_lat: home.lat, home_lng: home.lng })
        .where('id', '=', t.id)
        .execute();
    }
    const jobs = await trx.selectFrom('jobs').select('id').where('workspace_id', '=', ws.id).execute();
    for (const j of jobs) await trx.updateTable('jobs').set(place()).where('id', '=', j.id).execute();
    await trx
      .insertInto('booking_settings')
      .values({
        workspace_id: ws.id,
        enabled: 1,
        auto_confirm: 0,
        hold_hours: 24,
        pending_cap: 50,
        horizon_days: 14,
        min_notice_hours: 2,
        intro: '',
        version: 1,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('booking_services')
      .values({
        id: serviceId,
        workspace_id: ws.id,
        name: 'Boiler service',
        duration_minutes: 60,
        technician_ids: '[]',
        active: 1,
        position: 0,
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  const ctx: PublicContext = {
    db: db.kysely,
    dialect,
    provider: modelProvider(defaultTravelSettings),
    signer: async () => key,
    difficulty: 16,
    // Every search reads afresh, as if a change came between any two: the cost of one search, not of a shared read.
    slotReads: new SharedSlotReads(0),
    phoneOf: async () => null,
  };
  const site = place();
  const once = async () => {
    const page = await openPage(db.kysely, 'bench');
    return publicSlots(ctx, page, { serviceId, ...site, from: '2026-06-01' }, monday);
  };
  const peer = () =>
    suggestForSite(db.kysely, ctx.provider, {
      workspaceId: ws.id,
      site,
      durationMinutes: 60,
      firstDate: Date.parse('2026-06-01T00:00:00Z'),
      days: 7,
      technicianIds: null,
      notBefore: monday,
    });
  const sample = await once();
  for (let i = 0; i < 20; i += 1) await Promise.all([once(), peer()]); // warm-up
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    let t = performance.now();
    await once();
    ours.push(performance.now() - t);
    t = performance.now();
    await peer();
    theirs.push(performance.now() - t);
  }
  const line = (name: string, values: number[]) =>
    `${dialect.padEnd(8)} ${name.padEnd(44)} p50 ${fmt(percentile(values, 50))}  p99 ${fmt(percentile(values, 99))}`;
  console.log(
    `${line('booking page slots, 50 technicians × 7 days', ours)}  (200 requests; ${sample.length} slots offered)`,
  );
  console.log(line('peer: suggest a slot, same site, 7 days', theirs));
  await cleanup();
}
