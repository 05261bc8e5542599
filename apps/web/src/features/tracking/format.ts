import { formatLongDay, formatTime, type TrackingView } from '@fieldplan/shared';
import { browserZone, clockIn } from '../../lib/clock';
import { t } from '../../lib/i18n';

// Times on the customer's own clock (their device's zone), written as the business writes them
// (12/24 h, date order) in the page's language.
const time = (iso: string) => formatTime(iso, clockIn(browserZone()));

/** "Today, 08:00–09:30" (the customer's own clock), or the date when not today. */
export function windowText(window: TrackingView['window'], now = new Date()): string {
  const start = new Date(window.start);
  const sameDay = start.toDateString() === now.toDateString();
  const day = sameDay
    ? t({ id: 'tracking.window.today', defaultMessage: 'Today' })
    : formatLongDay(start, clockIn(browserZone()));
  return t(
    { id: 'tracking.window.text', defaultMessage: '{day}, {start}–{end}' },
    { day, start: time(window.start), end: time(window.end) },
  );
}

export function statusHeadline(view: Pick<TrackingView, 'status' | 'technician'>): string {
  const name = view.technician.firstName;
  if (view.status === 'en_route')
    return t({ id: 'tracking.status.enRoute', defaultMessage: '{name} is on the way' }, { name });
  if (view.status === 'in_progress')
    return t({ id: 'tracking.status.inProgress', defaultMessage: '{name} has arrived and is working' }, { name });
  return t({ id: 'tracking.status.scheduled', defaultMessage: '{name} is scheduled to come' }, { name });
}

/** "Arriving around 10:25 (in about 12 min)". */
export function arrivalText(eta: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((Date.parse(eta) - now) / 60_000));
  return t(
    {
      id: 'tracking.arrival',
      defaultMessage: 'Arriving around {time} ({soon, select, yes {any minute now} other {in about {minutes} min}})',
    },
    { time: time(eta), soon: minutes < 2 ? 'yes' : 'no', minutes },
  );
}
