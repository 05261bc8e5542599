/** A workspace's members: the routes, and the member reads other modules build on. */
export { memberLive } from './live.js';
export { countMembers, findMember, membersAmong } from './queries.js';
export { memberRoutes } from './routes.js';
