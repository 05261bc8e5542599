import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

// The unit of work's record of what to publish once its writes are committed. It lives beside the
// change log, not in realtime/, so the database layer never calls up: recordChange only notes rows
// here, and realtime/ reads the outbox after the request (docs/adr/0020-live-entity-registry.md).

/** A change-log row as the writing transaction recorded it (its commit is checked before publishing). */
export interface RecordedChange {
  workspaceId: string;
  seq: number;
  entity: string;
  entityId: string;
  action: string;
  at: number;
}

/** One message for a channel other than the workspace's change log (e.g. a tracking link's). */
export interface OutgoingMessage {
  channel: string;
  event: string;
  data: unknown;
}

/**
 * A message to build from committed state once the request is answered: it reads the database then,
 * so a rolled-back write publishes nothing new. Keyed, so one request notes each subject once.
 */
export type DeferredPublish = (db: Kysely<Database>) => Promise<OutgoingMessage[]>;

/** The changes one unit of work (a request) recorded, whether or not their transactions committed. */
export interface Outbox {
  changes: RecordedChange[];
  /** Deferred messages by subject, published after the changes. */
  publishes: Map<string, DeferredPublish>;
}

const storage = new AsyncLocalStorage<Outbox>();

/**
 * Units of work open now, and how each is closed. Node 20's AsyncLocalStorage tracks every promise of
 * the process (promise hooks) from its first `run` on — ≈ 6–10 µs a request, and most requests are
 * reads that record nothing (docs/PERFORMANCE.md, "Places") — so the storage is switched off whenever
 * no unit is open, and back on by the next `run`. Code that runs while it is off finds no outbox, as
 * code outside any unit always did.
 */
let open = 0;
const closers = new WeakMap<Outbox, () => void>();

function opened(outbox: Outbox): () => void {
  open += 1;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    closers.delete(outbox);
    open -= 1;
    if (open === 0) storage.disable();
  };
  closers.set(outbox, close);
  return close;
}

/**
 * Called by `recordChange` inside the writing transaction: notes the row in the current unit of
 * work's outbox, if any (seeding and scripts have none). Services need no second code path.
 */
export function noteChange(change: RecordedChange): void {
  storage.getStore()?.changes.push(change);
}

/** Notes a message to build and publish after the request (nothing outside a unit of work). */
export function notePublish(key: string, build: DeferredPublish): void {
  storage.getStore()?.publishes.set(key, build);
}

/**
 * Runs `fn` (and everything it awaits) with `outbox` collecting the changes it records; the unit
 * closes when `fn` returns or, if it returns a promise, when that settles.
 */
export function runWithOutbox<T>(outbox: Outbox, fn: () => T): T {
  const close = opened(outbox);
  let result: T;
  try {
    result = storage.run(outbox, fn);
  } catch (error) {
    close();
    throw error;
  }
  if (result instanceof Promise) result.then(close, close);
  else close();
  return result;
}

/**
 * Runs `fn` with `outbox` collecting the changes of everything it starts, until `closeOutbox` — for a
 * request, whose handler goes on after `fn` (a hook's `done`) returns.
 */
export function openOutbox(outbox: Outbox, fn: () => void): void {
  const close = opened(outbox);
  try {
    storage.run(outbox, fn);
  } catch (error) {
    close();
    throw error;
  }
}

/** Ends a unit of work opened by `openOutbox` (again: nothing). */
export function closeOutbox(outbox: Outbox): void {
  closers.get(outbox)?.();
}
