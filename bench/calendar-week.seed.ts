// The week the calendar benchmarks look at: one workspace ("bench", Europe/Berlin) with 50
// technicians and 2,000 jobs in the week of 1 June 2026 (400 weekly series begun four weeks earlier,
// every tenth with this week's occurrence moved; 10 % of jobs with two technicians). Both calendar
// benchmarks (feed and render) seed it, so their numbers describe one week.
import { dayMs, memberPalette, wallToInstant } from '@fieldplan/shared';
import type { Db } from '../apps/server/src/db/database.js';
import { hashPassword } from '../apps/server/src/lib/crypto.js';
import { newId } from '../apps/server/src/lib/ids.js';
import { seededRandom } from '../apps/server/src/lib/seeded-random.js';
import { spanOf } from '../apps/server/src/modules/jobs/draft.js';
import { createWorkspaceWithOwner } from '../apps/server/src/modules/members/index.js';

const zone = 'Europe/Berlin';
const weekStart = Date.UTC(2026, 5, 1); // Monday 1 June 2026 (a local date)
const technicians = 50;
const jobCount = 2000;
const recurringShare = 0.2;

/** Seeds the week; returns the owner's sign-in. */
export async function seedWeek(db: Db) {
  const random = seededRandom(7);
  const password = 'bench password 123';
  const ownerId = newId();
  const now = Date.now();
  const chunks = async <T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 50) await write(rows.slice(i, i + 50));
  };
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: ownerId,
        email: 'owner@bench.test',
        name: 'Bench Owner',
        password_hash: await hashPassword(password),
        created_at: now,
      })
      .execute();
    const ws = await createWorkspaceWithOwner(trx, {
      name: 'Bench',
      slug: 'bench',
      timeZone: zone,
      ownerUserId: ownerId,
    });
    const techIds = Array.from({ length: technicians }, () => newId());
    await chunks(techIds, (ids) =>
      trx
        .insertInto('users')
        .values(
          ids.map((id, i) => ({
            id,
            email: `t${id}@bench.test`,
            name: `Tech ${i}`,
            password_hash: 'x',
            created_at: now,
          })),
        )
        .execute(),
    );
    await chunks(techIds, (ids) =>
      trx
        .insertInto('memberships')
        .values(
          ids.map((id, i) => ({
            id,
            workspace_id: ws.id,
            user_id: id,
            role: 'technician',
            colour: memberPalette[i % 12] ?? '#000000',
            home_lat: null,
            home_lng: null,
            deactivated_at: null,
            created_at: now + i,
          })),
        )
        .execute(),
    );
    const customers = Array.from({ length: 200 }, (_, i) => ({
      id: newId(),
      workspace_id: ws.id,
      name: `Customer ${i}`,
      email: null,
      phone: null,
      address: `Street ${i}, Berlin`,
      lat: 52.5,
      lng: 13.4,
      notes: '',
      sort_name: `customer ${i}`,
      search_text: `customer ${i}`,
      version: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    }));
    await chunks(customers, (rows) => trx.insertInto('customers').values(rows).execute());
    const jobs = [];
    const assignees = [];
    const exceptions = [];
    for (let i = 0; i < jobCount; i++) {
      const day = random.int(0, 4);
      const minutes = random.int(7 * 4, 17 * 4) * 15;
      const recurring = i < jobCount * recurringShare;
      // A series began four weeks earlier; one occurrence falls in the measured week.
      const date = weekStart + day * dayMs - (recurring ? 28 * dayMs : 0);
      const start = wallToInstant(zone, date + minutes * 60_000);
      const end = start + random.pick([30, 60, 90, 120]) * 60_000;
      const rrule = recurring ? 'FREQ=WEEKLY;COUNT=52' : null;
      const customer = random.pick(customers);
      const id = newId();
      jobs.push({
        id,
        workspace_id: ws.id,
        customer_id: customer.id,
        title: `Job ${i}`,
        description: '',
        address: customer.address,
        lat: 52.5,
        lng: 13.4,
        start_at: start,
        end_at: end,
        all_day: 0,
        status: 'scheduled',
        priority: 3,
        rrule,
        ...spanOf({ start, end, allDay: false, rrule }, [], zone),
        version: 1,
        created_by: ownerId,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      const techs = random.next() < 0.1 ? [random.pick(techIds), random.pick(techIds)] : [random.pick(techIds)];
      for (const [position, member_id] of [...new Set(techs)].entries())
        assignees.push({ job_id: id, member_id, workspace_id: ws.id, position });
      if (recurring && random.next() < 0.1) {
        // Every tenth series has this week's occurrence moved an hour later.
        const occurrence = wallToInstant(zone, weekStart + day * dayMs + minutes * 60_000);
        const moved = { start_at: occurrence + 3_600_000, end_at: occurrence + 3_600_000 + (end - start) };
        exceptions.push({
          job_id: id,
          occurrence_key: occurrence,
          workspace_id: ws.id,
          kind: 'moved' as const,
          ...moved,
          assignee_ids: null,
          status: null,
          created_at: now,
        });
      }
    }
    await chunks(jobs, (rows) => trx.insertInto('jobs').values(rows).execute());
    await chunks(assignees, (rows) => trx.insertInto('job_assignees').values(rows).execute());
    await chunks(exceptions, (rows) => trx.insertInto('job_exceptions').values(rows).execute());
  });
  return { email: 'owner@bench.test', password };
}
