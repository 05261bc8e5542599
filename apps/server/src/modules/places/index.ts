/** Place search for the pin picker (`/places`, `/places/labels`), and placing an address for the import. */
export { type PlaceAnswer, placeAddress, sharedGeocoder } from './place-address.js';
export { type PublicPlaceSearch, placeRoutes } from './routes.js';
