import { dayMs, haversineM, instantToWall, type JobStatus, minuteMs, wallToInstant } from '@fieldplan/shared';
import type { Insertable, Transaction } from 'kysely';
import { newId } from '../../lib/ids.js';
import { type Random, seededRandom } from '../../lib/seeded-random.js';
import { spanOf } from '../../modules/jobs/index.js';
import type { CustomersTable, Database, JobAssigneesTable, JobExceptionsTable, JobsTable } from '../schema.js';
import { demoHomeBases } from './demo-areas.js';
import { demoCustomers } from './demo-customers.js';
import type { DemoText } from './demo-text.js';

export interface DemoScheduleInput {
  workspaceId: string;
  zone: string;
  /** Technicians' member ids, in order. */
  technicianIds: string[];
  createdBy: string;
  /** The seed date: weeks are the one before, the current and the next one around it. */
  now: number;
  /** The words of the demo's language. */
  text: DemoText;
}

/** Local slot starts (hour, minute); each visit lasts ≤ 75 min, leaving ≥ 30 min to drive to the next. */
const slots = [
  [7, 30],
  [9, 15],
  [11, 0],
  [13, 30],
  [15, 15],
  [17, 0],
] as const;
const hourMs = 60 * minuteMs;
/**
 * Flexible windows ("optimise a day"), local hours by slot: the two morning visits may
 * swap within 08–13, the two afternoon ones within 12–17; the first and last slots stay fixed.
 */
const flexibleHours: Partial<Record<number, readonly [number, number]>> = {
  1: [8, 13],
  2: [8, 13],
  3: [12, 17],
  4: [12, 17],
};

interface Plan {
  jobs: Insertable<JobsTable>[];
  assignees: Insertable<JobAssigneesTable>[];
  exceptions: Insertable<JobExceptionsTable>[];
}

/** Past visits are done (a few called off), the current one is under way, the rest are ahead. */
function statusAt(now: number, start: number, end: number, random: Random): JobStatus {
  if (end <= now) return random.next() < 0.04 ? 'cancelled' : 'completed';
  if (start <= now) return 'in_progress';
  return 'scheduled';
}

/**
 * Each technician's patch: the customers nearer their home base than any other's, so a day's
 * visits lie within driving distance of each other (as a dispatcher would plan them) and the
 * timeline's travel gaps are mostly long enough. Technicians without a base share everyone.
 */
function patchesOf(customers: Insertable<CustomersTable>[], technicians: number) {
  const patches = Array.from({ length: technicians }, () => [] as Insertable<CustomersTable>[]);
  const bases = demoHomeBases.slice(0, technicians);
  for (const customer of customers) {
    const site = { lat: Number(customer.lat), lng: Number(customer.lng) };
    let nearest = 0;
    for (const [i, base] of bases.entries()) {
      if (haversineM(base, site) < haversineM(bases[nearest] ?? base, site)) nearest = i;
    }
    patches[nearest]?.push(customer);
  }
  return patches.map((patch) => (patch.length > 0 ? patch : customers));
}

function planSchedule(input: DemoScheduleInput, customers: Insertable<CustomersTable>[], random: Random): Plan {
  const { zone, now, technicianIds: techs, text } = input;
  const plan: Plan = { jobs: [], assignees: [], exceptions: [] };
  const patches = patchesOf(customers, techs.length);
  const localToday = Math.floor(instantToWall(zone, now) / dayMs) * dayMs;
  const weekday = (new Date(localToday).getUTCDay() + 6) % 7;
  const firstMonday = localToday - (weekday + 7) * dayMs;
  const workdays = Array.from({ length: 15 }, (_, i) => firstMonday + (Math.floor(i / 5) * 7 + (i % 5)) * dayMs);
  const at = (date: number, slot: number, plusMinutes = 0) => {
    const [h, m] = slots[slot] ?? [8, 0];
    return wallToInstant(zone, date + h * hourMs + (m + plusMinutes) * minuteMs);
  };

  /** Adds a job (times are instants, or dates when all-day) for the given technicians. */
  function add(
    title: string,
    start: number | null,
    end: number | null,
    who: string[],
    extra: Partial<Insertable<JobsTable>> = {},
  ) {
    const id = newId();
    const created = now - 30 * dayMs + plan.jobs.length * minuteMs;
    const tech = who.length === 1 ? techs.indexOf(who[0] ?? '') : -1;
    const customer = random.pick(patches[tech] ?? customers);
    plan.jobs.push({
      id,
      workspace_id: input.workspaceId,
      customer_id: customer.id,
      title,
      description: random.pick(text.descriptions),
      address: customer.address,
      lat: customer.lat,
      lng: customer.lng,
      start_at: start,
      end_at: end,
      all_day: 0,
      status: start === null || end === null ? 'unscheduled' : statusAt(now, start, end, random),
      priority: random.pick([1, 2, 3, 3, 3, 4, 5]),
      rrule: null,
      span_start_at: start,
      span_end_at: end,
      version: 1,
      created_by: input.createdBy,
      created_at: created,
      updated_at: created,
      deleted_at: null,
      ...extra,
    });
    for (const [position, member_id] of who.entries()) {
      plan.assignees.push({ job_id: id, member_id, workspace_id: input.workspaceId, position });
    }
    return id;
  }

  // Recurring visits: weekly maintenance in the first slot, two fortnightly flushes in the last.
  const reserved = new Set<string>();
  const series = [
    ...techs.map((_, tech) => ({
      tech,
      weekday: tech % 5,
      slot: 0,
      interval: 1,
      count: 12,
      title: text.weeklySeries,
    })),
    { tech: 1, weekday: 3, slot: 5, interval: 2, count: 6, title: text.fortnightlySeries },
    { tech: 4, weekday: 1, slot: 5, interval: 2, count: 6, title: text.fortnightlySeries },
  ];
  for (const s of series) {
    const first = workdays[s.weekday] ?? firstMonday;
    const start = at(first, s.slot);
    const end = start + hourMs;
    const rrule = `FREQ=WEEKLY;${s.interval > 1 ? `INTERVAL=${s.interval};` : ''}COUNT=${s.count}`;
    const span = spanOf({ start, end, allDay: false, rrule }, [], zone);
    const id = add(s.title, start, end, [techs[s.tech] ?? ''], { rrule, status: 'scheduled', priority: 3, ...span });
    for (let week = 0; week < 3; week += s.interval) {
      const date = workdays[week * 5 + s.weekday] ?? first;
      reserved.add(`${s.tech}|${date}|${s.slot}`);
      const key = at(date, s.slot);
      const status = statusAt(now, key, key + hourMs, random);
      if (status === 'scheduled') continue;
      const done = { job_id: id, occurrence_key: key, workspace_id: input.workspaceId, kind: 'moved' as const };
      plan.exceptions.push({ ...done, start_at: null, end_at: null, assignee_ids: null, status, created_at: now });
    }
  }

  // Five visits a day per technician: every free slot but one. The last technician spends a day
  // of next week training (all-day); technician 1's next working day gets the one double booking.
  const doubleDay = workdays.find((d) => d >= localToday) ?? workdays[workdays.length - 1] ?? firstMonday;
  const trainingDay = workdays[12] ?? firstMonday;
  const trainee = techs.length - 1;
  for (const [t, techId] of techs.entries()) {
    for (const date of workdays) {
      if (t === trainee && date === trainingDay) continue;
      const free = slots.map((_, i) => i).filter((i) => !reserved.has(`${t}|${date}|${i}`));
      const skip = t === 0 && date === doubleDay ? 3 : random.pick(free);
      for (const slot of free) {
        if (slot === skip) continue;
        const start = at(date, slot);
        const hours = flexibleHours[slot];
        const flexible = hours && {
          flex_start_at: wallToInstant(zone, date + hours[0] * hourMs),
          flex_end_at: wallToInstant(zone, date + hours[1] * hourMs),
        };
        add(random.pick(text.titles), start, start + random.pick([45, 60, 75]) * minuteMs, [techId], flexible || {});
      }
    }
  }
  const emergency = at(doubleDay, 1, 30);
  add(text.emergency, emergency, emergency + hourMs, [techs[0] ?? ''], { priority: 1 });
  add(text.training, trainingDay, trainingDay + dayMs, [techs[trainee] ?? ''], {
    all_day: 1,
    customer_id: null,
    address: 'Alt-Moabit 96, 10559 Berlin',
    lat: 52.5236,
    lng: 13.3447,
    status: trainingDay + dayMs <= localToday ? 'completed' : 'scheduled',
  });
  for (const [i, title] of text.unscheduled.entries())
    add(title, null, null, [], { priority: [1, 2, 2, 3, 3, 4, 5][i] ?? 3 });
  return plan;
}

/** Inserts in chunks of 50 rows (bounded statement size on both databases). */
async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 50) await write(rows.slice(i, i + 50));
}

/**
 * The demo's customers and three weeks of work: ~150 customers around Berlin, ~5 visits a
 * day per technician in working hours (most with a flexible window), weekly and
 * fortnightly series, an unscheduled queue, one training day and exactly one double booking.
 * Deterministic apart from the seed date.
 */
export async function seedDemoSchedule(trx: Transaction<Database>, input: DemoScheduleInput) {
  const random = seededRandom(4_2026);
  const customers = demoCustomers(input.workspaceId, random, input.now, input.text);
  const plan = planSchedule(input, customers, random);
  await inChunks(customers, (rows) => trx.insertInto('customers').values(rows).execute());
  await inChunks(plan.jobs, (rows) => trx.insertInto('jobs').values(rows).execute());
  await inChunks(plan.assignees, (rows) => trx.insertInto('job_assignees').values(rows).execute());
  await inChunks(plan.exceptions, (rows) => trx.insertInto('job_exceptions').values(rows).execute());
  return { customers: customers.length, jobs: plan.jobs.length };
}
