import ICAL from 'ical.js';
import nodeIcal from 'node-ical';

// Two independent iCalendar readers, for round trips of exported calendars: what a calendar app
// would show, as sorted `start/end` strings (ISO instants; dates for all-day events).

/** Occurrences starting before `to` by ical.js (its own VTIMEZONE handling). */
export function viaIcalJs(text: string, to: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const vevents = calendar.getAllSubcomponents('vevent');
  const out: string[] = [];
  const limit = ICAL.Time.fromJSDate(new Date(`${to}T00:00:00Z`), true);
  const fmt = (t: ICAL.Time) => (t.isDate ? t.toString() : t.toJSDate().toISOString());
  for (const master of vevents.filter((v) => !v.hasProperty('recurrence-id'))) {
    const uid = master.getFirstPropertyValue('uid');
    const exceptions = vevents.filter((v) => v.hasProperty('recurrence-id') && v.getFirstPropertyValue('uid') === uid);
    const event = new ICAL.Event(master, { exceptions });
    if (!event.isRecurring()) {
      out.push(`${fmt(event.startDate)}/${fmt(event.endDate)}`);
      continue;
    }
    const it = event.iterator();
    for (let next = it.next(); next && next.compare(limit) < 0; next = it.next()) {
      const d = event.getOccurrenceDetails(next);
      out.push(`${fmt(d.startDate)}/${fmt(d.endDate)}`);
    }
  }
  return out.sort();
}

/** The same within [from, to) by node-ical (IANA zones through its own code, rrule.js for recurrence). */
export function viaNodeIcal(text: string, from: string, to: string): string[] {
  const parsed = nodeIcal.sync.parseICS(text);
  const out: string[] = [];
  const date = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  for (const component of Object.values(parsed)) {
    if (component?.type !== 'VEVENT') continue;
    const instances = nodeIcal.expandRecurringEvent(component, { from: new Date(from), to: new Date(to) });
    for (const i of instances) {
      out.push(i.isFullDay ? `${date(i.start)}/${date(i.end)}` : `${i.start.toISOString()}/${i.end.toISOString()}`);
    }
  }
  return out.sort();
}
