import type { JobStatus } from '@fieldplan/shared';
import type { Outbox } from '../../base/outbox';
import { statusItem } from './status-outbox';

/**
 * Before status changes went through the workspace's outbox, my day kept them in localStorage under
 * this key, as a JSON array of `OldQueuedChange` in the order tapped. A phone that updates with
 * changes still waiting there moves them into the outbox on its first load.
 */
export const oldQueueKey = (workspaceId: string) => `fieldplan.my-day.queue.${workspaceId}`;

/** One change as the old queue kept it. */
interface OldQueuedChange {
  id: string;
  workspaceId: string;
  jobId: string;
  visitId: string;
  occurrence: string | null;
  /** The job's version to send as If-Match (moved on by the old queue as earlier changes landed). */
  version: number;
  status: JobStatus;
  title?: string;
  queuedAt: string;
  /** A refusal, kept on its visit until dismissed. */
  failure?: { code: string; message: string };
}

function isOldChange(value: unknown): value is OldQueuedChange {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.id === 'string' &&
    typeof c.jobId === 'string' &&
    typeof c.visitId === 'string' &&
    typeof c.status === 'string' &&
    typeof c.version === 'number' &&
    typeof c.queuedAt === 'string' &&
    (c.occurrence === null || typeof c.occurrence === 'string')
  );
}

function parse(raw: string): OldQueuedChange[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isOldChange) : [];
  } catch {
    return [];
  }
}

/**
 * Moves the old queue's changes into the outbox, in their order and under their own ids (so a second
 * move — another tab, or a page closed before the key went — adds none twice), refusals included;
 * then removes the key, unless an old tab wrote to it meanwhile (that is moved on the next load).
 */
export async function adoptOldQueue(
  workspaceId: string,
  outbox: Outbox,
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
): Promise<void> {
  const key = oldQueueKey(workspaceId);
  const raw = storage.getItem(key);
  if (raw === null) return;
  const items = parse(raw).map((c) => {
    const change = {
      workspaceId,
      jobId: c.jobId,
      visitId: c.visitId,
      occurrence: c.occurrence,
      status: c.status,
      ...(c.title === undefined ? {} : { title: c.title }),
    };
    return {
      ...statusItem(change, c.version, c.id),
      id: c.id,
      createdAt: c.queuedAt,
      ...(c.failure ? { failure: c.failure } : {}),
    };
  });
  await outbox.adopt(key, items);
  if (storage.getItem(key) === raw) storage.removeItem(key);
}
