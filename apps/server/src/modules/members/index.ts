/** A workspace's members: the routes, and the member reads other modules build on. */
export { countMembers } from './queries.js';
export { memberRoutes } from './routes.js';
