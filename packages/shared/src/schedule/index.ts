export * from './calendar-event.js';
export * from './double-booking.js';
export * from './filter.js';
export * from './job.js';
export * from './queue.js';
export * from './status.js';
export * from './timing.js';
export * from './visit.js';
