/** Service areas: the routes, the list other modules plan with, and the polygon columns the demo seed writes. */
export { areaLive } from './live.js';
export { listAreas } from './queries.js';
export { areaRoutes } from './routes.js';
export { shapeColumns } from './service.js';
