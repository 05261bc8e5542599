/** What other features may use of calendar; everything else here is its own. */
export { CalendarPage } from './CalendarPage';
export { CalendarSurface } from './CalendarSurface';
export { isCalendarView, todayIn, visibleRange } from './calendar-views';
export { bookingOf, clashMessage, clashOf } from './double-book-notice';
export { type HoverSync, useHovered, useHoverSyncStore } from './hover-sync';
export { ScheduleFilters } from './ScheduleFilters';
export { tightDrives, travelTitle } from './travel-gaps';
export { useScheduleFilter } from './use-schedule-filter';
export { parseStatuses, type ScheduleParams, scheduleSearch, useScheduleParams } from './use-schedule-params';
export { useVisibleEvents } from './use-visible-events';
export { inPriorityAndArea, jobPriorities } from './visit-filter';
