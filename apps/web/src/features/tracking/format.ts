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
  const day = sameDay ? t({ id: 'tracking.window.today' }) : formatLongDay(start, clockIn(browserZone()));
  return t({ id: 'tracking.window.text' }, { day, start: time(window.start), end: time(window.end) });
}

export function statusHeadline(view: Pick<TrackingView, 'status' | 'technician'>): string {
  const name = view.technician.firstName;
  if (view.status === 'en_route') return t({ id: 'tracking.status.enRoute' }, { name });
  if (view.status === 'in_progress') return t({ id: 'tracking.status.inProgress' }, { name });
  return t({ id: 'tracking.status.scheduled' }, { name });
}

/** "Arriving around 10:25 (in about 12 min)". */
export function arrivalText(eta: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((Date.parse(eta) - now) / 60_000));
  return t({ id: 'tracking.arrival' }, { time: time(eta), soon: minutes < 2 ? 'yes' : 'no', minutes });
}
