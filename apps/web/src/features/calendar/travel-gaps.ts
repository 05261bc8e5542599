import {
  dayDrives,
  formatDateOnly,
  type GapVisit,
  gapMsOf,
  instantToWall,
  isTooShort,
  roundTenth,
  type TravelLegs,
  takesTime,
} from '@fieldplan/shared';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { formatDuration } from '../../lib/format';
import { t } from '../../lib/i18n';

/** What a travel marker shows (the `extendedProps.travel` of its background event). */
export interface TravelGap {
  /** Free minutes before the later visit (0 when they overlap). */
  gapMinutes: number;
  driveMinutes: number;
  tooShort: boolean;
}

/** A travel marker as FullCalendar takes it: a background event in the technician's row. */
export interface TravelGapEvent {
  id: string;
  resourceId: string;
  start: string;
  end: string;
  display: 'background';
  backgroundColor: string;
  classNames: string[];
  extendedProps: { travel: TravelGap };
}

export const isTravelGap = (event: { extendedProps: Record<string, unknown> }) => 'travel' in event.extendedProps;

/** A drive shorter than this (the same site, next door) needs no marker unless it can't be made. */
const quietBelowMinutes = 0.5;

/**
 * The travel markers of the visits shown: each technician's visits of each local day are chained
 * as the server chains them (shared `dayDrives`, from the visits as they are now, so a moved visit
 * moves its marker at once) and each drive takes its minutes from the server's answer — only when
 * the answer has the same two visits consecutive, so a stale answer shows nothing rather than
 * something wrong until it is fetched again. The gap too short is decided here, from the live times.
 *
 * A marker spans the drive, ending where the later visit starts: inside the gap when the drive fits,
 * reaching back over the visit before when it does not.
 */
export function travelGapEvents(
  visits: readonly CalendarVisit[],
  answer: TravelLegs | undefined,
  zone: string,
): TravelGapEvent[] {
  if (!answer || answer.legs.length === 0) return [];
  const legOf = new Map(answer.legs.map((l) => [`${l.memberId}|${l.toEventId}`, l]));
  const visitsOf = new Map<string, GapVisit[]>();
  for (const v of visits) {
    if (!takesTime(v)) continue;
    const { lat, lng } = v.job;
    const visit = { id: v.id, start: v.start, end: v.end, point: lat == null || lng == null ? null : { lat, lng } };
    const day = formatDateOnly(instantToWall(zone, v.start));
    for (const memberId of v.assigneeIds) {
      const key = `${memberId}|${day}`;
      const list = visitsOf.get(key);
      if (list) list.push(visit);
      else visitsOf.set(key, [visit]);
    }
  }
  const out: TravelGapEvent[] = [];
  for (const [key, dayVisits] of visitsOf) {
    const memberId = key.slice(0, key.indexOf('|'));
    for (const drive of dayDrives(null, dayVisits)) {
      const leg = legOf.get(`${memberId}|${drive.toId}`);
      if (!leg || leg.fromEventId !== drive.fromId) continue;
      const gapMs = gapMsOf(drive) ?? 0;
      const tooShort = isTooShort(gapMs, leg.driveMinutes);
      if (!tooShort && leg.driveMinutes < quietBelowMinutes) continue;
      out.push({
        id: `travel:${memberId}:${drive.toId}`,
        resourceId: memberId,
        start: new Date(drive.gapEnd - Math.round(leg.driveMinutes * 60_000)).toISOString(),
        end: new Date(drive.gapEnd).toISOString(),
        display: 'background',
        backgroundColor: 'transparent',
        classNames: tooShort ? ['fp-travel', 'fp-travel-short'] : ['fp-travel'],
        extendedProps: { travel: { gapMinutes: roundTenth(gapMs / 60_000), driveMinutes: leg.driveMinutes, tooShort } },
      });
    }
  }
  return out;
}

/** The technicians with a drive too short for its gap among these visits (a row per drive). */
export const tightDrives = (
  visits: readonly CalendarVisit[],
  answer: TravelLegs | undefined,
  zone: string,
): { memberId: string }[] =>
  travelGapEvents(visits, answer, zone)
    .filter((g) => g.extendedProps.travel.tooShort)
    .map((g) => ({ memberId: g.resourceId }));

/** "12 min drive". */
export const driveText = (gap: Pick<TravelGap, 'driveMinutes'>) =>
  t({ id: 'calendar.travel.drive' }, { duration: formatDuration(gap.driveMinutes * 60) });

/** The marker's accessible title: "5 min between visits, 12 min drive". */
export function travelTitle(gap: TravelGap): string {
  const drive = driveText(gap);
  if (gap.gapMinutes === 0) return t({ id: 'calendar.travel.noGap' }, { drive });
  return t({ id: 'calendar.travel.gap' }, { gap: formatDuration(gap.gapMinutes * 60), drive });
}

/** The same markers keep the same array (FullCalendar re-renders every event when a source changes). */
export function sameMarkers(previous: TravelGapEvent[] | undefined, next: TravelGapEvent[]): TravelGapEvent[] {
  if (!previous || previous.length !== next.length) return next;
  return previous.every((p, i) => {
    const n = next[i];
    return (
      n !== undefined &&
      p.id === n.id &&
      p.start === n.start &&
      p.end === n.end &&
      p.extendedProps.travel.gapMinutes === n.extendedProps.travel.gapMinutes &&
      p.extendedProps.travel.driveMinutes === n.extendedProps.travel.driveMinutes &&
      p.extendedProps.travel.tooShort === n.extendedProps.travel.tooShort
    );
  })
    ? previous
    : next;
}
