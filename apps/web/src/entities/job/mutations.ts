import type { EditScope, Job, JobChange, JobCreate, JobPatch, JobStatus } from '@fieldplan/shared';
import { api, versionedWrite } from '../../base/api';
import { travelLegsTag } from '../travel/endpoints';
import { applyJobChange } from './apply-job-change';
import { jobsPath } from './endpoints';
import { type JobChangeMessage, messagesOf } from './job-change';

export interface JobWriteArgs {
  workspaceId: string;
  id: string;
  /** The version the change is based on (sent as If-Match; stale → 412 version_conflict). */
  version: number;
  /** For a recurring job: which occurrences, and the original start of the one addressed. */
  scope?: EditScope;
  occurrence?: string | null;
}

function writeUrl({ workspaceId, id, scope, occurrence }: JobWriteArgs, suffix = ''): string {
  const params = new URLSearchParams();
  if (scope) params.set('scope', scope);
  if (occurrence) params.set('occurrence', occurrence);
  const query = params.toString();
  return `${jobsPath(workspaceId)}/${encodeURIComponent(id)}${suffix}${query ? `?${query}` : ''}`;
}

interface Lifecycle<T> {
  dispatch: (action: ReturnType<typeof applyJobChange> | ReturnType<typeof api.util.invalidateTags>) => unknown;
  queryFulfilled: Promise<{ data: T }>;
}

/**
 * After a write succeeds its answer is applied to every cache, like a realtime message would be;
 * the drives between visits are the server's to price, so they are fetched again.
 */
async function applyAnswer<T>(
  workspaceId: string,
  { dispatch, queryFulfilled }: Lifecycle<T>,
  toMessages: (data: T) => JobChangeMessage[],
) {
  try {
    const { data } = await queryFulfilled;
    for (const message of toMessages(data)) dispatch(applyJobChange(workspaceId, message));
    dispatch(api.util.invalidateTags([travelLegsTag(workspaceId)]));
  } catch {
    // The caller shows the problem (field errors, the conflict dialog) and rolls back.
  }
}

export const jobMutations = api.injectEndpoints({
  endpoints: (build) => ({
    createJob: build.mutation<Job, { workspaceId: string; job: JobCreate }>({
      query: ({ workspaceId, job }) => ({ url: jobsPath(workspaceId), method: 'POST', body: job }),
      onQueryStarted: ({ workspaceId }, lifecycle) =>
        applyAnswer(workspaceId, lifecycle, (job: Job) => [{ entity: 'job', action: 'created', data: job }]),
    }),
    updateJob: build.mutation<JobChange, JobWriteArgs & { patch: JobPatch }>({
      query: (args) => versionedWrite('PATCH', writeUrl(args), args.version, args.patch),
      onQueryStarted: (args, lifecycle) =>
        applyAnswer(args.workspaceId, lifecycle, (change: JobChange) =>
          messagesOf(
            change,
            change.jobs.filter((j) => j.id !== args.id).map((j) => j.id),
          ),
        ),
    }),
    deleteJob: build.mutation<JobChange, JobWriteArgs>({
      query: (args) => versionedWrite('DELETE', writeUrl(args), args.version),
      onQueryStarted: (args, lifecycle) =>
        applyAnswer(args.workspaceId, lifecycle, (change: JobChange) => messagesOf(change)),
    }),
    changeJobStatus: build.mutation<Job, JobWriteArgs & { status: JobStatus }>({
      query: (args) =>
        versionedWrite(
          'POST',
          writeUrl({ ...args, scope: undefined, occurrence: undefined }, '/status'),
          args.version,
          { status: args.status, ...(args.occurrence ? { occurrence: args.occurrence } : {}) },
        ),
      onQueryStarted: ({ workspaceId }, lifecycle) =>
        applyAnswer(workspaceId, lifecycle, (job: Job) => [{ entity: 'job', action: 'updated', data: job }]),
    }),
  }),
});

export const { useCreateJobMutation, useUpdateJobMutation, useDeleteJobMutation, useChangeJobStatusMutation } =
  jobMutations;
