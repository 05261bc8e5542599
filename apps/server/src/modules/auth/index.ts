/** Accounts and sessions: the routes, and the account reads invitations build on. */
export { findUserByEmail, insertUser } from './queries.js';
export { authRoutes } from './routes.js';
export { getMe } from './service.js';
