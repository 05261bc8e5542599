/** A workspace's members: the routes, and the member reads other modules build on. */
export { createWorkspaceWithOwner } from './founding.js';
export { memberLive } from './live.js';
export {
  activeMemberByEmail,
  activeMemberIds,
  activeMemberMapSettings,
  activeTechnicians,
  countMembers,
  findMember,
  insertMembership,
  listMembers,
  listMemberships,
  memberColours,
  memberHomes,
  membersAmong,
  membershipOfUser,
  updateMembership,
} from './queries.js';
export { memberRoutes } from './routes.js';
