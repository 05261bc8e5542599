import type { TrackingView } from '@fieldplan/shared';

const time = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** "Today, 08:00–09:30" (the customer's own clock), or the date when not today. */
export function windowText(window: TrackingView['window'], now = new Date()): string {
  const start = new Date(window.start);
  const sameDay = start.toDateString() === now.toDateString();
  const day = sameDay
    ? 'Today'
    : new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' }).format(start);
  return `${day}, ${time(window.start)}–${time(window.end)}`;
}

export function statusHeadline(view: Pick<TrackingView, 'status' | 'technician'>): string {
  const name = view.technician.firstName;
  if (view.status === 'en_route') return `${name} is on the way`;
  if (view.status === 'in_progress') return `${name} has arrived and is working`;
  return `${name} is scheduled to come`;
}

/** "Arriving around 10:25 (in about 12 min)". */
export function arrivalText(eta: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((Date.parse(eta) - now) / 60_000));
  const inText = minutes < 2 ? 'any minute now' : `in about ${minutes} min`;
  return `Arriving around ${time(eta)} (${inText})`;
}
