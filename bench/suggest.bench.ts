// Suggest a slot: one unscheduled job across 50 technicians and the 2,000 jobs of the
// calendar benchmarks' week (~8 a working day each), searched over 7 days, on SQLite and
// PostgreSQL. Target ≤ 100 ms. The service is called in-process with "now" set to the week's
// Monday (the seeded week lies in the past, where the route would rightly suggest nothing), so
// this measures the queries, the calendar expansion and the search, not HTTP.

import { defaultTravelSettings } from '@fieldplan/shared';
import { newId } from '../apps/server/src/lib/ids.js';
import { seededRandom } from '../apps/server/src/lib/seeded-random.js';
import { modelProvider } from '../apps/server/src/modules/travel/provider.js';
import { suggestForJob } from '../apps/server/src/modules/travel/suggest.js';
import { seedWeek } from './calendar-week.seed.js';
import { benchDb, fmt, load, percentile } from './support.js';

const monday = Date.parse('2026-05-31T22:00:00Z'); // 1 June 2026, 00:00 in Europe/Berlin
const provider = modelProvider(defaultTravelSettings);

for (const dialect of ['sqlite', 'postgres'] as const) {
  const { db, cleanup } = await benchDb(dialect);
  await seedWeek(db);
  const { next: random } = seededRandom(11);
  const ws = await db.kysely
    .selectFrom('workspaces')
    .select('id')
    .where('slug', '=', 'bench')
    .executeTakeFirstOrThrow();
  const owner = await db.kysely
    .selectFrom('memberships')
    .select(['id', 'user_id'])
    .where('workspace_id', '=', ws.id)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  // Spread the sites and the technicians' home bases over Berlin (the seed puts every site in one place).
  const place = () => ({ lat: 52.4 + random() * 0.25, lng: 13.2 + random() * 0.4 });
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
  });
  const jobId = newId();
  const now = Date.now();
  await db.kysely
    .insertInto('jobs')
    .values({
      id: jobId,
      workspace_id: ws.id,
      customer_id: null,
      title: 'Unscheduled',
      description: '',
      address: 'Somewhere in Berlin',
      ...place(),
      start_at: null,
      end_at: null,
      all_day: 0,
      status: 'unscheduled',
      priority: 3,
      rrule: null,
      span_start_at: null,
      span_end_at: null,
      version: 1,
      created_by: owner.user_id,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  const actor = { userId: owner.user_id, memberId: owner.id, workspaceId: ws.id, role: 'owner' as const };
  const query = { from: '2026-06-01', days: 7, durationMinutes: 60 };
  const once = () => suggestForJob(db.kysely, provider, actor, jobId, query, monday);
  const sample = await once();
  await load(async () => void (await once()), 20, 1); // warm-up
  const latencies = await load(async () => void (await once()), 200, 1);
  const best = sample.options[0];
  console.log(
    `${dialect.padEnd(8)} suggest 50 technicians × 7 days, one at a time  p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  (${latencies.length} requests; best +${best?.addedTravelMinutes} min)`,
  );
  await cleanup();
}
