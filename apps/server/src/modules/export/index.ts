/** Spreadsheet exports of customers, jobs and visits (docs/adr/0035-export-and-workspace-archive.md). */
export { neutralise } from './cells.js';
export { exportRoutes } from './routes.js';
