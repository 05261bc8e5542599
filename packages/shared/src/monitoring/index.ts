export { scrubBreadcrumb, scrubData, scrubEvent } from './scrub-event.js';
export { scrubString, scrubUrl } from './scrub-string.js';
