import {
  allowedNextStatuses,
  dayLegs,
  defaultTravelSettings,
  formatDay,
  formatTimeRange,
  type JobStatus,
  type MyDay,
  type MyDayVisit,
  perOccurrenceStatuses,
  type StatusAction,
  type StatusActor,
  type StatusTarget,
  type TravelSettings,
} from '@fieldplan/shared';
import { statusActionMessage } from '../../entities/job/status-messages';
import { clockIn } from '../../lib/clock';
import { formatDistance, formatDuration } from '../../lib/format';
import { t } from '../../lib/i18n';

/** `YYYY-MM-DD` of an instant on this device's calendar (the phone's day is the technician's). */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The date `days` after `date` (both `YYYY-MM-DD`). */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return next.toISOString().slice(0, 10);
}

export const isDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** "Mon, 2 Mar" ("Mo., 2. März"): the workspace's date order, the page's language. */
export const shortDate = (date: string): string => formatDay(`${date}T00:00:00Z`, clockIn('UTC'));

/** "Today", "Tomorrow", "Yesterday" or "Mon 2 Mar". */
export function dayTitle(date: string, today: string): string {
  if (date === today) return t({ id: 'myDay.day.today' });
  if (date === shiftDate(today, 1)) return t({ id: 'myDay.day.tomorrow' });
  if (date === shiftDate(today, -1)) return t({ id: 'myDay.day.yesterday' });
  return shortDate(date);
}

/** "08:00–09:30" (or "8:00 AM–9:30 AM") in the workspace's zone; "All day" for an all-day visit. */
export function timeWindow(visit: Pick<MyDayVisit, 'start' | 'end' | 'allDay'>, timeZone: string): string {
  if (visit.allDay) return t({ id: 'myDay.card.allDay' });
  return formatTimeRange(visit.start, visit.end, clockIn(timeZone));
}

/** One stop of the day with the drive to it. */
export interface Stop {
  visit: MyDayVisit;
  /** "12 min drive · 4.3 km from home", or null when either end has no place. */
  travel: string | null;
}

/**
 * The day's visits in time order with the drive to each from the previous stop — the home base first —
 * by the travel model (straight line × detour at an average speed).
 */
export function stopsOf(day: MyDay, settings: TravelSettings = defaultTravelSettings): Stop[] {
  // A cancelled visit is no stop: the drive goes past it.
  const points = day.visits.map((v) =>
    v.status === 'cancelled' || v.lat === null || v.lng === null ? null : { lat: v.lat, lng: v.lng },
  );
  const legs = dayLegs(day.homeBase, points, settings);
  let previousPlaced: 'home' | 'previous' | null = day.homeBase ? 'home' : null;
  return day.visits.map((visit, i) => {
    const leg = legs[i] ?? null;
    const from = previousPlaced;
    if (points[i]) previousPlaced = 'previous';
    return {
      visit,
      travel:
        leg && from
          ? t(
              { id: 'myDay.card.travel' },
              { duration: formatDuration(leg.durationS), distance: formatDistance(leg.distanceM), from },
            )
          : null,
    };
  });
}

/**
 * The one big button of a visit: the first working step (on my way, start work, complete) the
 * shared state machine lets this person take (docs/PRODUCT.md, "States and transitions"), or null
 * when the visit is done or not theirs to move.
 */
export function nextWorkingStep(visit: StatusTarget, actor: StatusActor): StatusAction | null {
  return allowedNextStatuses(visit, actor).find((a) => perOccurrenceStatuses.includes(a.status)) ?? null;
}

/** A working step's label, for a tapped change shown again while it waits or after a refusal. */
export const workingStepLabel = (to: JobStatus): string => t(statusActionMessage('scheduled', to));

/** The label of the button that takes a step (the shared package's label, in the page's language). */
export const stepButtonLabel = (from: JobStatus, to: JobStatus): string => t(statusActionMessage(from, to));

/**
 * Where "Directions" goes: Google Maps' cross-platform directions URL. It opens the Maps app on
 * Android and (when installed) on iOS, and the web elsewhere; a `geo:` URI does nothing on iOS or a desktop.
 */
export function directionsUrl(visit: Pick<MyDayVisit, 'lat' | 'lng' | 'address'>): string | null {
  const destination = visit.lat !== null && visit.lng !== null ? `${visit.lat},${visit.lng}` : visit.address.trim();
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/**
 * A `tel:` or `sms:` link to a phone number as the office typed it ("+49 30 555-0101" →
 * "tel:+49305550101"): digits and a leading +, which every phone dials; null without a number.
 */
export function phoneLink(scheme: 'tel' | 'sms', phone: string | null): string | null {
  const trimmed = phone?.trim() ?? '';
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return `${scheme}:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
