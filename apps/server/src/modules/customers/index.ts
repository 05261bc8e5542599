/** Customers: the routes, one customer's read, and the search text the demo seed stores. */
export { customerLive } from './live.js';
export { searchTextOf } from './presenter.js';
export { customersMatching, findCustomer } from './queries.js';
export { customerRoutes } from './routes.js';
