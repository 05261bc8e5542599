/** The change log's catch-up (`GET …/changes`). */
export { changeRoutes } from './routes.js';
