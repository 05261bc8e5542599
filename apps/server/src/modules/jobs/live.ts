import type { LiveEntity } from '../../realtime/live-entity.js';
import type { LoadedJob } from './presenter.js';
import { presentJob } from './presenter.js';
import { loadJob } from './queries.js';

/** A job's changes carry the job as `GET …/jobs/:id` answers it (with its assignees and exceptions). */
export const jobLive: LiveEntity<'job', LoadedJob> = {
  load: ({ db, workspaceId }, id) => loadJob(db, workspaceId, id),
  present: (job) => presentJob(job),
};
