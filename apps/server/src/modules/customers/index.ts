/** Customers: the routes, one customer's read, the list's pages (export), the import's bulk writes, and the search text the demo seed stores. */
export {
  type CustomerFields,
  customerIdentities,
  customerLabels,
  insertCustomers,
  overwriteCustomer,
  placeCustomer,
} from './bulk.js';
export { type BookingCustomer, customerForBooking } from './find-or-create.js';
export { readAssignedCustomersWith } from './jobs-read.js';
export { customerLive } from './live.js';
export { type CustomerMatch, type CustomerMatchCache, customerMatchCache } from './match-cache.js';
export { searchTextOf } from './presenter.js';
export { customersMatching, findCustomer, listCustomers } from './queries.js';
export { customerRoutes } from './routes.js';
