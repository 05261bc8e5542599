/** Photos of a visit: the routes, the live entity, and the visit's photos for the work record. */
export { photoLive } from './live.js';
export { photoRoutes } from './routes.js';
export { photosOfVisit } from './service.js';
