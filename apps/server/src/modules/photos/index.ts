/** Photos of a visit: the routes, the live entity, the visit's photos for the work record, and where their bytes live (the archive). */
export { fileKey, thumbKey } from './keys.js';
export { photoLive } from './live.js';
export { photoRoutes } from './routes.js';
export { photosOfVisit } from './service.js';
