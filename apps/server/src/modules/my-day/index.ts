/** A technician's day (`GET …/my-day`). */
export { myDayRoutes } from './routes.js';
