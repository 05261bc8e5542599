/** Health, readiness, the public config, the API document and the fault-injection routes. */
export { systemRoutes } from './routes.js';
