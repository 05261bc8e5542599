import {
  type AreaGeometry,
  dayMs,
  isOutsideAreas,
  type LatLng,
  minuteMs,
  prepareAreas,
  type WorkingHours,
  wallToInstant,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { listAreas } from '../areas/index.js';
import { busyBookingsIn } from '../calendar/index.js';
import { activeTechnicians } from '../members/index.js';
import { workspaceSchedule } from '../workspaces/index.js';
import type { TravelProvider } from './provider.js';
import { type Interval, type Slot, type SlotProblem, slotFits, suggestSlots, type TechnicianPlan } from './slots.js';
import { visitsByMember } from './visits.js';

/** What to find room for: a site, a duration, some days, and whose days (null: every active technician). */
export interface SiteSlotSearch {
  workspaceId: string;
  site: LatLng;
  durationMinutes: number;
  /** The first local date searched (UTC-midnight ms of the date in the workspace's zone). */
  firstDate: number;
  days: number;
  /** Member ids; null or empty: every active technician. Inactive or unknown ids are left out. */
  technicianIds: readonly string[] | null;
  /** Nothing starts before this instant (now, or now plus a notice). */
  notBefore: number;
  /** Offer later starts in each gap this far apart too (slots.ts); absent: earliest only. */
  spacingMs?: number;
}

export interface SiteSlots {
  /** Every (technician, start) that fits, best first (see slots.ts). */
  slots: Slot[];
  /** The site lies outside every service area (false when the workspace has none). */
  outsideServiceAreas: boolean;
  source: 'model' | 'routing';
  notice?: string | undefined;
  zone: string;
}

/** A search's reads, the same for every site: the workspace's schedule, the range's visits, busy time, technicians, areas. */
interface SlotReads {
  zone: string;
  workingHours: WorkingHours;
  plans: TechnicianPlan[];
  areas: ReturnType<typeof prepareAreas>;
}

/** What the reads depend on (the site, the duration and the notice do not). */
type ReadKey = Pick<SiteSlotSearch, 'workspaceId' | 'firstDate' | 'days' | 'technicianIds'>;

/** The range's visits, busy time and technicians, read once for a search. */
async function readsOf(db: Kysely<Database>, search: ReadKey): Promise<SlotReads> {
  const workspace = await workspaceSchedule(db, search.workspaceId);
  const zone = workspace.time_zone;
  const range = {
    start: wallToInstant(zone, search.firstDate),
    end: wallToInstant(zone, search.firstDate + search.days * dayMs),
  };
  const [stopsOf, busy, techs, areas] = await Promise.all([
    visitsByMember(db, search.workspaceId, zone, range),
    busyBookingsIn(db, search.workspaceId, zone, range),
    activeTechnicians(db, search.workspaceId),
    listAreas(db, search.workspaceId),
  ]);
  const only = search.technicianIds && search.technicianIds.length > 0 ? new Set(search.technicianIds) : null;
  const everyone: Interval[] = [];
  const busyOf = new Map<string, Interval[]>();
  for (const b of busy) {
    if (b.end <= b.start) continue;
    if (b.memberId === null) everyone.push(b);
    else busyOf.set(b.memberId, [...(busyOf.get(b.memberId) ?? []), b]);
  }
  const plans: TechnicianPlan[] = techs
    .filter((t) => only === null || only.has(t.id))
    .map((t) => ({
      memberId: t.id,
      home: t.home_lat == null || t.home_lng == null ? null : { lat: Number(t.home_lat), lng: Number(t.home_lng) },
      stops: stopsOf.get(t.id) ?? [],
      busy: [...everyone, ...(busyOf.get(t.id) ?? [])],
    }));
  return {
    zone,
    workingHours: JSON.parse(workspace.working_hours) as WorkingHours,
    plans,
    areas: prepareAreas(areas.map((a) => ({ geometry: JSON.parse(a.geometry) as AreaGeometry }))),
  };
}

/** The slot problem of a search at its site, from its reads. */
function problemOf(reads: SlotReads, search: SiteSlotSearch) {
  const problem: SlotProblem = {
    zone: reads.zone,
    workingHours: reads.workingHours,
    dates: Array.from({ length: search.days }, (_, i) => search.firstDate + i * dayMs),
    site: search.site,
    durationMs: search.durationMinutes * minuteMs,
    notBefore: search.notBefore,
    technicians: reads.plans,
    ...(search.spacingMs !== undefined && { spacingMs: search.spacingMs }),
  };
  return { problem, zone: reads.zone, outside: isOutsideAreas(search.site, reads.areas) };
}

/**
 * Reads shared by searches of the same range for different sites while the workspace's change log
 * stands still (docs/adr/0038-booking-slot-turns.md): every write that moves a visit, busy time, a
 * technician, an area or the working hours records a change, so reads made at change `seq` hold for
 * every search that finds the log still at `seq`. A burst of customers who lost one slot each get
 * fresh slots for their own sites from one read. Entries live `ttlMs` at most; a failed read is not kept.
 */
export class SharedSlotReads {
  private readonly entries = new Map<string, { at: number; reads: Promise<SlotReads> }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly max = 64,
  ) {}

  /** The reads of `search` at change `seq`, made now or shared with a search made at the same `seq`. */
  readsAt(db: Kysely<Database>, search: ReadKey, seq: number, now = Date.now()): Promise<SlotReads> {
    const ids = search.technicianIds ? [...search.technicianIds].sort().join(',') : '*';
    const key = `${search.workspaceId}|${seq}|${search.firstDate}|${search.days}|${ids}`;
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.ttlMs) return kept.reads;
    for (const [k, entry] of this.entries) {
      if (now - entry.at >= this.ttlMs || this.entries.size >= this.max) this.entries.delete(k);
    }
    const reads = readsOf(db, search);
    this.entries.set(key, { at: now, reads });
    reads.catch(() => {
      if (this.entries.get(key)?.reads === reads) this.entries.delete(key);
    });
    return reads;
  }
}

/**
 * The travel-aware slots for a site (the one slot algorithm, slots.ts): the job suggester and the
 * public booking page both ask this, within the working hours, around jobs and busy time.
 */
export async function suggestForSite(
  db: Kysely<Database>,
  provider: TravelProvider,
  search: SiteSlotSearch,
  reads?: Promise<SlotReads>,
): Promise<SiteSlots> {
  const { problem, zone, outside } = problemOf(await (reads ?? readsOf(db, search)), search);
  const { slots, source, notice } = await suggestSlots(problem, provider);
  return { slots, outsideServiceAreas: outside, source, notice, zone };
}

/**
 * Whether `memberId` can still take the site at exactly `start` by the same rules (working hours,
 * visits with the drives to and from them, busy time, not before `notBefore`) — read in `db`, which
 * may be the writing transaction, so a booking re-checks its slot where it writes. `outside`: the
 * site lies outside every service area (checked first).
 */
export async function siteSlotFits(
  db: Kysely<Database>,
  provider: TravelProvider,
  search: SiteSlotSearch,
  memberId: string,
  start: number,
): Promise<'fits' | 'taken' | 'outside'> {
  const one = { ...search, technicianIds: [memberId] };
  const { problem, outside } = problemOf(await readsOf(db, one), one);
  if (outside) return 'outside';
  if (!problem.technicians.some((t) => t.memberId === memberId)) return 'taken';
  return (await slotFits(problem, provider, memberId, start)) ? 'fits' : 'taken';
}
