/** Customer tracking links: the routes, and the hooks jobs and locations call when a visit or a technician moves. */
export { type TrackingContext, trackingContext } from './context.js';
export { noteMemberMoved } from './publish.js';
export { trackingRoutes } from './routes.js';
export { onVisitStatus, visitTrackingUrl } from './service.js';
