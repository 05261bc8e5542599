export { scrubBreadcrumb, scrubEvent } from './scrub-event.js';
export { scrubString, scrubUrl } from './scrub-string.js';
