/** Place search for the pin picker (`/places`, `/places/labels`). */
export { placeRoutes } from './routes.js';
