import type { PublicSlot } from '@fieldplan/shared';

// Dates and times on the booking page are the workspace's (its time zone), in the customer's
// browser language: the business works in its zone, whatever zone the customer is in.

/** The slots of each local day, in order: [day label, its slots]. */
export function slotsByDay(slots: readonly PublicSlot[], timeZone: string): [string, PublicSlot[]][] {
  const day = new Intl.DateTimeFormat(undefined, { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
  const groups = new Map<string, PublicSlot[]>();
  for (const slot of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    const label = day.format(new Date(slot.start));
    const list = groups.get(label);
    if (list) list.push(slot);
    else groups.set(label, [slot]);
  }
  return [...groups];
}

/** "09:00" (or "9:00 AM"), the slot's start in the workspace's zone. */
export function timeText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** "Thursday, 3 December, 09:00–10:30" in the workspace's zone. */
export function whenText(start: string, end: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat(undefined, { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
  return `${day.format(new Date(start))}, ${timeText(start, timeZone)}–${timeText(end, timeZone)}`;
}

/** "1 h 30 min", "45 min". */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h > 0 ? `${h} h` : '', m > 0 ? `${m} min` : ''].filter(Boolean).join(' ');
}

/** The local date (YYYY-MM-DD, workspace zone) the day after a slot, to search on from. */
export function dayAfter(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(iso))
    .split('-')
    .map(Number);
  const [y = 1970, m = 1, d = 1] = parts;
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
