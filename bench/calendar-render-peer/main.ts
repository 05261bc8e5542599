// The peer of the calendar render benchmark: bare FullCalendar 6 on a static page, rendering the
// same resources and events (static JSON files) in a resource timeline week. Bundled by
// calendar-render.bench.ts with Vite. `?variant=defaults` uses the library's own week view;
// `?variant=same` uses the options our board uses (day slots, stacked jobs, weekend hidden) with
// the library's default event rendering — the same work minus React, the store and our content.
import { Calendar, type CalendarOptions } from '@fullcalendar/core';
import resourceTimelinePlugin from '@fullcalendar/resource-timeline';

const variant = new URLSearchParams(location.search).get('variant') ?? 'defaults';
const same: CalendarOptions = {
  slotDuration: { days: 1 },
  slotLabelInterval: { days: 1 },
  slotLabelFormat: { weekday: 'short', day: 'numeric', month: 'short' },
  slotMinWidth: 120,
  resourceAreaWidth: '184px',
  resourceOrder: 'sortIndex',
  eventOrder: 'start,-duration,title',
  eventTimeFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
  hiddenDays: [0, 6],
  firstDay: 1,
};

async function main() {
  const [resources, events] = await Promise.all([
    fetch('./resources.json').then((r) => r.json()),
    fetch('./events.json').then((r) => r.json()),
  ]);
  const el = document.getElementById('calendar');
  if (!el) throw new Error('no #calendar');
  new Calendar(el, {
    plugins: [resourceTimelinePlugin],
    schedulerLicenseKey: 'GPL-My-Project-Is-Open-Source',
    initialView: 'resourceTimelineWeek',
    initialDate: '2026-06-01',
    timeZone: 'UTC',
    height: '100%',
    resources,
    events,
    ...(variant === 'same' ? same : {}),
  }).render();
}

void main();
