/**
 * The work record of a visit: notes, checklists (templates, attachments, answers) and the customer's
 * signature; the completion rule the jobs module is handed; the live entities.
 */
export { visitCompletionIssues } from './checklists.js';
export { checklistLive, checklistTemplateLive, jobChecklistsLive, noteLive, signatureLive } from './live.js';
export { workRecordRoutes } from './routes.js';
export type { VisitPhotos } from './service.js';
export { noteStatusTime } from './status-times.js';
export { checklistTemplateRoutes } from './template-routes.js';
export { type VisitSummary, visitSummaries, visitSummaryKey } from './visit-summaries.js';
