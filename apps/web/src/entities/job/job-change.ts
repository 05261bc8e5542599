import type { Job, JobChange } from '@fieldplan/shared';

/**
 * A change to one job as the realtime channel will carry it (`{entity, action, data}`), and as
 * our own writes produce it: the job as it is now, or just its id when it was deleted.
 */
export type JobChangeMessage =
  | { entity: 'job'; action: 'created' | 'updated'; data: Job }
  | { entity: 'job'; action: 'deleted'; data: { id: string } };

/** The messages of a write's answer (scope "following" changes one job and creates another). */
export function messagesOf(change: JobChange, createdIds: readonly string[] = []): JobChangeMessage[] {
  return [
    ...change.jobs.map((data) => ({
      entity: 'job' as const,
      action: createdIds.includes(data.id) ? ('created' as const) : ('updated' as const),
      data,
    })),
    ...change.deletedIds.map((id) => ({ entity: 'job' as const, action: 'deleted' as const, data: { id } })),
  ];
}
