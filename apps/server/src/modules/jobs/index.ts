/** Jobs: the routes, and the job reads and writes other modules (customers, tracking, travel, feeds) build on. */
export { spanOf } from './draft.js';
export { jobLive } from './live.js';
export { customersWithJobsOf, loadJob, visitOfJob } from './queries.js';
export { jobRoutes } from './routes.js';
export { getJobs } from './service.js';
