/** Technicians' shared locations: the routes and the pruning of old pings. */
export { locationPruning, startLocationPruning } from './prune.js';
export { latestPosition } from './queries.js';
export { locationRoutes, type MemberMovedHook } from './routes.js';
