import { type Clock, formatDay, formatLongDay, formatWallTime, type Workspace, weekdayName } from '@fieldplan/shared';
import type { CalendarOptions } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import resourceTimelinePlugin from '@fullcalendar/resource-timeline';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { IntlShape } from 'react-intl';
import { fullDaySpan, type HourSpan } from './day-hours';
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
function timeFormatOf(
  settings: Workspace,
  language: string,
): (arg: { date: { hour: number; minute: number } }) => string {
  return ({ date }) => formatWallTime(`${date.hour}:${date.minute}`, { ...settings, language });
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Where day and week grids open scrolled to (when the day doesn't fit): the start of the working
 * day — or, looking at today within working hours, half an hour before now ("what's next").
 */
export function scrollTimeOf(hours: { start: string; end: string }, isToday: boolean, nowWall: number): string {
  const start = minutesOf(hours.start);
  const now = Math.floor((nowWall % 86_400_000) / 60_000);
  const working = isToday && now >= start && now < minutesOf(hours.end);
  const minutes = Math.max(0, working ? now - 30 : start);
  const h = String(Math.floor(minutes / 60)).padStart(2, '0');
  const m = String(Math.floor((minutes % 60) / 15) * 15).padStart(2, '0');
  return `${h}:${m}:00`;
}

/**
 * Day headings (columns, the week timeline's days, the list's days) in the workspace's date order,
 * through the shared formatter: FullCalendar's marker is the wall date as a UTC instant.
 */
function dayFormatOf(
  settings: Workspace,
  long: boolean,
  language: string,
): (arg: { date: { marker: Date } }) => string {
  const clock: Clock = { timeZone: 'UTC', timeFormat: settings.timeFormat, dateFormat: settings.dateFormat, language };
  return ({ date }) => (long ? formatLongDay(date.marker, clock) : formatDay(date.marker, clock));
}

/**
 * FullCalendar's own words (its buttons, "+2 more", the all-day row, hints for assistive technology)
 * in the page's language; its dates stay with the formatters above.
 */
export function calendarTexts(intl: IntlShape): CalendarOptions {
  return {
    buttonText: {
      today: intl.formatMessage({ id: 'calendar.fc.today' }),
      month: intl.formatMessage({ id: 'calendar.fc.month' }),
      week: intl.formatMessage({ id: 'calendar.fc.week' }),
      day: intl.formatMessage({ id: 'calendar.fc.day' }),
      list: intl.formatMessage({ id: 'calendar.fc.list' }),
    },
    allDayText: intl.formatMessage({ id: 'calendar.fc.allDay' }),
    noEventsText: intl.formatMessage({ id: 'calendar.fc.noEvents' }),
    moreLinkText: (count: number) => intl.formatMessage({ id: 'calendar.fc.more' }, { count }),
    moreLinkHint: (count: number) => intl.formatMessage({ id: 'calendar.fc.moreHint' }, { count }),
    navLinkHint: (date: string) => intl.formatMessage({ id: 'calendar.fc.goTo' }, { date }),
    closeHint: intl.formatMessage({ id: 'calendar.fc.close' }),
    timeHint: intl.formatMessage({ id: 'calendar.fc.time' }),
    eventHint: intl.formatMessage({ id: 'calendar.fc.event' }),
    resourceAreaHeaderContent: intl.formatMessage({ id: 'calendar.fc.technicians' }),
  };
}

/**
 * The options that follow from the workspace's settings (zone, week start, working hours) and the
 * hours the day views span — built once per change so FullCalendar's option diff stays cheap.
 * On the working hours the day timeline fits its width; over 24 h it scrolls sideways.
 */
export function workspaceOptions(settings: Workspace, span: HourSpan = fullDaySpan, language = 'en'): CalendarOptions {
  const { workingHours } = settings;
  const time = timeFormatOf(settings, language);
  const day = dayFormatOf(settings, false, language);
  const longDay = dayFormatOf(settings, true, language);
  const fits = span.min !== fullDaySpan.min || span.max !== fullDaySpan.max;
  const hours = { slotMinTime: span.min, slotMaxTime: span.max };
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
    resourceAreaWidth: '160px',
    eventOrder: 'start,-duration,title',
    slotEventOverlap: false,
    dayMaxEvents: true,
    views: {
      // Fitting: 8 px per quarter hour at least (an hour label's width); FullCalendar stretches the
      // slots to fill the row, so the working day spans the width without a scrollbar.
      resourceTimelineDay: { ...hours, slotMinWidth: fits ? 8 : 24, eventMinWidth: 24 },
      // The week timeline is a grid of technicians × days with a day's jobs stacked as chips:
      // readable at a glance, and dragging moves a job to another day or technician, keeping its time.
      resourceTimelineWeek: {
        slotDuration: { days: 1 },
        slotLabelInterval: { days: 1 },
        slotLabelFormat: day,
        snapDuration: { days: 1 },
        eventDurationEditable: false,
        // Five working days fit beside the queue and map at 1280 px; the chips' titles wrap.
        slotMinWidth: 72,
      },
      timeGrid: {
        ...hours,
        dayHeaderFormat: day,
      },
      // A day column of the week holds every technician's jobs side by side: past two at once they
      // are slivers, so the rest go behind "+n" (a popover listing them).
      timeGridWeek: { eventMaxStack: 2 },
      dayGridMonth: {
        dayHeaderFormat: ({ date }: { date: { marker: Date } }) => weekdayName(date.marker.getUTCDay(), language),
        eventDisplay: 'block',
      },
      listWeek: { listDayFormat: longDay, listDaySideFormat: false },
      listDay: { listDayFormat: longDay, listDaySideFormat: false },
    },
  };
}
