/** The whole-workspace archive: download and restore (docs/adr/0035-export-and-workspace-archive.md). */
export { type ArchiveOptions, archiveRoutes } from './routes.js';
