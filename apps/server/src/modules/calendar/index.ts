/** The calendar: its feed route, and the range reads my day, travel and the busy answer build on. */
export { busyBookingsIn } from './busy-overlap.js';
export { encodedBody, FeedCache, type FeedEntry, pickEncoding } from './cache.js';
export { calendarRoutes } from './routes.js';
export { parseBound, rangeOf } from './service.js';
export { rangeVisits } from './visits.js';
