import { formatWallTime, type Workspace } from '@fieldplan/shared';
import type { CalendarOptions } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import resourceTimelinePlugin from '@fullcalendar/resource-timeline';
import timeGridPlugin from '@fullcalendar/timegrid';
import { workspaceZonePlugin } from './zone-plugin';

export const plugins = [
  resourceTimelinePlugin,
  timeGridPlugin,
  dayGridPlugin,
  listPlugin,
  interactionPlugin,
  workspaceZonePlugin,
];

/** Slot labels and event times in the workspace's time format, through the one formatter. */
function timeFormatOf(settings: Workspace): (arg: { date: { hour: number; minute: number } }) => string {
  return ({ date }) => formatWallTime(`${date.hour}:${date.minute}`, settings);
}

/**
 * Where day and week grids open scrolled to: half an hour before work starts — or, looking at
 * today after that, an hour before now (the dispatcher's "what's next").
 */
export function scrollTimeOf(workStart: string, isToday: boolean, nowWall: number): string {
  const startMinutes = Number(workStart.slice(0, 2)) * 60 + Number(workStart.slice(3, 5)) - 30;
  const nowMinutes = Math.floor((nowWall % 86_400_000) / 60_000) - 60;
  const minutes = Math.max(0, isToday ? Math.max(startMinutes, nowMinutes) : startMinutes);
  const h = String(Math.floor(minutes / 60)).padStart(2, '0');
  const m = String(Math.floor((minutes % 60) / 15) * 15).padStart(2, '0');
  return `${h}:${m}:00`;
}

/**
 * The options that follow from the workspace's settings (zone, week start, working hours) and
 * never change while a calendar is open — built once so FullCalendar's option diff stays cheap.
 */
export function workspaceOptions(settings: Workspace): CalendarOptions {
  const { workingHours } = settings;
  const time = timeFormatOf(settings);
  return {
    plugins,
    schedulerLicenseKey: 'GPL-My-Project-Is-Open-Source',
    timeZone: settings.timeZone,
    firstDay: settings.weekStart,
    businessHours: { daysOfWeek: workingHours.days, startTime: workingHours.start, endTime: workingHours.end },
    headerToolbar: false,
    height: '100%',
    nowIndicator: true,
    navLinks: true,
    slotDuration: '00:15:00',
    snapDuration: '00:15:00',
    slotLabelInterval: '01:00',
    slotLabelFormat: time,
    eventTimeFormat: time,
    displayEventEnd: false,
    eventDisplay: 'block',
    eventMinHeight: 22,
    expandRows: false,
    resourceOrder: 'sortIndex',
    resourceAreaWidth: '184px',
    resourceAreaHeaderContent: 'Technicians',
    eventOrder: 'start,-duration,title',
    slotEventOverlap: false,
    dayMaxEvents: true,
    views: {
      resourceTimelineDay: { slotMinWidth: 24, eventMinWidth: 32 },
      // The week timeline is a grid of technicians × days with a day's jobs stacked as chips:
      // readable at a glance, and dragging moves a job to another day or technician, keeping its time.
      resourceTimelineWeek: {
        slotDuration: { days: 1 },
        slotLabelInterval: { days: 1 },
        slotLabelFormat: { weekday: 'short', day: 'numeric', month: 'short' },
        snapDuration: { days: 1 },
        eventDurationEditable: false,
        slotMinWidth: 120,
      },
      timeGrid: { dayHeaderFormat: { weekday: 'short', day: 'numeric', month: 'numeric', omitCommas: true } },
      dayGridMonth: { dayHeaderFormat: { weekday: 'short' }, eventDisplay: 'block' },
      listWeek: { listDayFormat: { weekday: 'long', day: 'numeric', month: 'long' }, listDaySideFormat: false },
      listDay: { listDayFormat: { weekday: 'long', day: 'numeric', month: 'long' }, listDaySideFormat: false },
    },
  };
}
