import { changedEntity } from '@fieldplan/shared';
import type { LiveChange, LiveEntry } from '../../base/live-registry';
import { applyJobChange } from './apply-job-change';
import type { JobChangeMessage } from './job-change';

function jobMessage(change: LiveChange<'job'>): JobChangeMessage {
  const job = changedEntity(change);
  if (!job) return { entity: 'job', action: 'deleted', data: { id: change.data.id } };
  return { entity: 'job', action: change.action === 'created' ? 'created' : 'updated', data: job };
}

/** A job change goes through `applyJobChange`: every cached range, the queue, lists, the detail. */
export const jobLive: LiveEntry<'job'> = {
  entity: 'job',
  apply: (change, { workspaceId }) => applyJobChange(workspaceId, jobMessage(change)),
  resync: ['Job', 'CalendarEvents'],
};
