import ICAL from 'ical.js';
import { type JcalProperty, jcalValueInstant } from './jcal-time.js';

/**
 * A series' EXDATEs as sets, so excluding an occurrence costs one lookup however many there are.
 * ical.js would sort them on every walk (one costly zone-aware compare per insertion) and compare
 * each occurrence against them, and it gives up a walk after 500 excluded occurrences in a row: a
 * feed with 3 minutely series × 10,000 EXDATEs cost seconds of CPU per refresh
 * (docs/adr/0039-feed-refresh-cpu-budget.md).
 */
export interface Exclusions {
  /** Excluded occurrence starts (instants; all-day series: their UTC-midnight dates). */
  instants: Set<number>;
  /** Dates (UTC midnight) written as DATE on a DATE-TIME series: every occurrence on that wall date. */
  dates: Set<number>;
}

interface Taken {
  props: ICAL.Property[];
  byZone: Map<string, Exclusions>;
}

/** EXDATEs already taken from a master component (taken once: the component no longer has them). */
const taken = new WeakMap<ICAL.Component, Taken>();

const wallDate = (t: { year: number; month: number; day: number }) => Date.UTC(t.year, t.month - 1, t.day);

/**
 * The master's exclusions in `zone`, read as the walk's keys are (`instantOf` for what the jCal
 * string alone cannot say: a zone only the file's VTIMEZONE defines). On first use the EXDATE
 * properties are removed from the component, so ical.js walks without them.
 */
export function takeExclusions(
  master: ICAL.Component,
  startTzid: string | null,
  zone: string,
  instantOf: (t: ICAL.Time, tzid: string | null, zone: string) => number,
): Exclusions {
  let held = taken.get(master);
  if (!held) {
    held = { props: master.getAllProperties('exdate'), byZone: new Map() };
    master.removeAllProperties('exdate');
    taken.set(master, held);
  }
  let sets = held.byZone.get(zone);
  if (sets) return sets;
  sets = { instants: new Set(), dates: new Set() };
  const start = master.getFirstPropertyValue('dtstart');
  const seriesIsDate = start instanceof ICAL.Time && start.isDate;
  for (const prop of held.props) {
    const [, params, , ...values] = prop.jCal as JcalProperty;
    const tzid = typeof params.tzid === 'string' ? params.tzid : startTzid;
    values.forEach((value, i) => {
      let read = jcalValueInstant(value, tzid ?? undefined, zone);
      if (!read) {
        const time = prop.getValues()[i];
        if (!(time instanceof ICAL.Time)) return;
        read = { ms: time.isDate ? wallDate(time) : instantOf(time, tzid, zone), allDay: time.isDate };
      }
      // A DATE on a DATE-TIME series excludes its whole wall date.
      if (read.allDay && !seriesIsDate) sets.dates.add(read.ms);
      // A DATE-TIME on a DATE series (Exchange writes local midnight): read as its date.
      else if (seriesIsDate && !read.allDay) sets.instants.add(Date.parse(String(value).slice(0, 10)));
      else sets.instants.add(read.ms);
    });
  }
  held.byZone.set(zone, sets);
  return sets;
}

/** Whether the occurrence at `key` (its instant), walked as wall time `wall`, is excluded. */
export const isExcluded = (exclusions: Exclusions, key: number, wall: ICAL.Time) =>
  exclusions.instants.has(key) || (exclusions.dates.size > 0 && exclusions.dates.has(wallDate(wall)));
