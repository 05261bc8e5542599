/** Technicians' shared locations: the routes and the pruning of old pings. */
export { startLocationPruning } from './prune.js';
export { locationRoutes } from './routes.js';
