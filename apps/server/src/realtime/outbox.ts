import { AsyncLocalStorage } from 'node:async_hooks';

/** A change-log row as the writing transaction recorded it (its commit is checked before publishing). */
export interface RecordedChange {
  workspaceId: string;
  seq: number;
  entity: string;
  entityId: string;
  action: string;
  at: number;
}

/** The changes one unit of work (a request) recorded, whether or not their transactions committed. */
export interface Outbox {
  changes: RecordedChange[];
}

const storage = new AsyncLocalStorage<Outbox>();

/**
 * Called by `recordChange` inside the writing transaction: notes the row in the current unit of
 * work's outbox, if any (seeding and scripts have none). Services need no second code path.
 */
export function noteChange(change: RecordedChange): void {
  storage.getStore()?.changes.push(change);
}

/** Runs `fn` (and everything it awaits) with `outbox` collecting the changes it records. */
export function runWithOutbox<T>(outbox: Outbox, fn: () => T): T {
  return storage.run(outbox, fn);
}
