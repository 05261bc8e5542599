/** Jobs: the routes, and the job reads and writes other modules (customers, tracking, travel, feeds) build on. */
export { insertImportedJobs } from './bulk.js';
export { draftOf, spanOf } from './draft.js';
export { jobLive } from './live.js';
export { type ExceptionRow, type JobRow, type LoadedJob, presentJob } from './presenter.js';
export {
  customersWithJobsOf,
  findJobRow,
  loadJob,
  loadJobEvenDeleted,
  scheduledJobRows,
  visitOfJob,
  withDetails,
} from './queries.js';
export {
  assigneesInRange,
  exceptionsInRange,
  type FeedExceptionRow,
  type FeedJobRow,
  memberHasOneOffIn,
  oneOffJobs,
  type Range,
  seriesJobs,
} from './range-queries.js';
export { jobRoutes } from './routes.js';
export { getJobs } from './service.js';
export { type SiteDetails, siteDetailsOf } from './site-details.js';
export type { VisitStatusHookMaker } from './status.js';
export {
  checkJobVersion,
  exceptionDraftOf,
  type JobSaved,
  type JobSaveObserver,
  observeJobSaves,
  saveJob,
} from './store.js';
export { assertVisitWriter, occurrenceOfKey, resolveVisit, type Visit } from './visit.js';
