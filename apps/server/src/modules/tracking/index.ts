/** Customer tracking links: the routes, and the hooks app.ts hands jobs and locations for when a visit or a technician moves. */
export { type TrackingContext, trackingContext } from './context.js';
export { memberMoveTracking, visitStatusTracking } from './hooks.js';
export { trackingRoutes } from './routes.js';
export { visitTrackingUrl } from './service.js';
