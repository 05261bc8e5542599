/** The calendar: its feed route, and the range reads my day, travel and exports build on. */
export { busyBookingsIn } from './busy-overlap.js';
export { calendarRoutes } from './routes.js';
export { rangeVisits } from './visits.js';
