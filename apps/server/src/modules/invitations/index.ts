/** Invitations into a workspace. */
export { invitationRoutes } from './routes.js';
