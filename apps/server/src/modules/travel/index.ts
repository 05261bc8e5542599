/** Travel: legs between visits, slot suggestions and the day optimiser. */
export { travelRoutes } from './routes.js';
