/** Invitations into a workspace. */
export { invitationRoutes } from './routes.js';
export { createInvitations } from './service.js';
