import { adoptOnce, deleteOne, getAllIn, getOne, openOutboxDb, putOne } from './idb';

/** Why the server turned an item down: shown on it until the person removes it. */
export interface OutboxFailure {
  code: string;
  message: string;
}

/**
 * One write made on this device, kept until the server has it. `id` is a uuid made here and sent as
 * the write's idempotency key, so a write sent twice (the answer was lost) is stored once.
 */
export interface OutboxItem<P = unknown> {
  id: string;
  /** Order of making: items go out oldest first. */
  seq: number;
  /** One outbox lists one scope (a workspace). */
  scope: string;
  /** What is shown together (a visit). */
  group: string;
  /** The thing it writes (a note's id, a checklist): a refusal holds back later writes of the same subject. */
  subject: string;
  kind: string;
  payload: P;
  createdAt: string;
  /** The version the write is based on (If-Match), moved on when an earlier write of its subject lands. */
  baseVersion?: number;
  /** Bytes sent so far of an upload. */
  progress?: { done: number; total: number };
  failure?: OutboxFailure;
}

/**
 * `held`: the server is up but can't take this item now (its file storage is full, 507): the item
 * waits for a later flush, later writes of its subject wait behind it, and the rest go on.
 */
export type SendResult =
  | { kind: 'sent'; version?: number }
  | { kind: 'offline' }
  | { kind: 'held' }
  | { kind: 'refused'; code: string; message: string };

/** What a sender may do while it works: save the upload's progress or its own notes in the item. */
export interface SendContext<P> {
  progress(done: number, total: number): Promise<void>;
  save(payload: P): Promise<void>;
}

export type Sender<P> = (item: OutboxItem<P>, context: SendContext<P>) => Promise<SendResult>;

export interface FlushResult {
  sent: number;
  refused: number;
  /** Items the server could not take now and that wait for a later flush. */
  held: number;
  offline: boolean;
}

export const blockedFailure: OutboxFailure = {
  code: 'blocked',
  message: 'Not sent: an earlier change to the same thing was refused',
};

/** Items whose `seq` is made in this page: time-ordered, and unique even for two in one millisecond. */
let lastSeq = 0;
function nextSeq(now: number): number {
  lastSeq = Math.max(lastSeq + 1, now * 1000);
  return lastSeq;
}

/** How often an upload's progress is written to the store while it runs. */
const progressSaveMs = 2000;

/**
 * A persistent, ordered outbox in IndexedDB. `flush` sends waiting items oldest first (so a visit's
 * writes land in the order they were made), stops at the first one that finds no network, passes over
 * one the server holds back for now (and its subject's later writes), and marks refusals, which stay
 * until removed. Other tabs hear of each write and read the store again.
 */
export class Outbox<P = unknown> {
  private db: Promise<IDBDatabase>;
  private snapshot: OutboxItem<P>[] = [];
  private readonly listeners = new Set<() => void>();
  private flushing: Promise<FlushResult> | null = null;
  private readonly channel: BroadcastChannel | null;
  /** Resolves once the store has been read the first time. */
  readonly ready: Promise<void>;

  constructor(
    factory: IDBFactory,
    private readonly scope: string,
    dbName?: string,
  ) {
    this.db = openOutboxDb(factory, dbName);
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`fieldplan-outbox:${scope}`);
    if (this.channel) this.channel.onmessage = () => void this.reload(false);
    this.ready = this.reload(false);
  }

  /** The items as last read, in order (a stable array between changes, for useSyncExternalStore). */
  list = (): OutboxItem<P>[] => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private async read(): Promise<OutboxItem<P>[]> {
    const items = await getAllIn<OutboxItem<P>>(await this.db, this.scope);
    return items.sort((a, b) => a.seq - b.seq);
  }

  /** Puts one item's new state in the list shown, without reading the store again. */
  private show(item: OutboxItem<P>): void {
    this.snapshot = this.snapshot.map((i) => (i.id === item.id ? item : i));
    for (const listener of this.listeners) listener();
  }

  /** Reads the store again and tells the listeners (and, after a write, the other tabs). */
  private async reload(broadcast = true): Promise<void> {
    this.snapshot = await this.read();
    for (const listener of this.listeners) listener();
    if (broadcast) this.channel?.postMessage('changed');
  }

  async add(
    item: Omit<OutboxItem<P>, 'seq' | 'scope' | 'createdAt'> & { createdAt?: string },
    now = new Date(),
  ): Promise<OutboxItem<P>> {
    const stored: OutboxItem<P> = {
      createdAt: now.toISOString(),
      ...item,
      scope: this.scope,
      seq: nextSeq(now.getTime()),
    };
    await putOne(await this.db, stored);
    await this.reload();
    return stored;
  }

  /**
   * Moves in, once, items an older store of this device kept, each ordered among the rest by the time
   * it was made; items moved in under the same `source` before are skipped, even those sent since.
   */
  async adopt(source: string, items: readonly Omit<OutboxItem<P>, 'seq' | 'scope'>[]): Promise<number> {
    let seq = 0;
    const stored = items.map((item) => {
      seq = Math.max(seq + 1, (Date.parse(item.createdAt) || Date.now()) * 1000);
      return { ...item, scope: this.scope, seq };
    });
    const added = await adoptOnce(await this.db, `${this.scope}:${source}`, stored);
    if (added > 0) await this.reload();
    return added;
  }

  /** Changes a waiting item in place (e.g. a note edited again before it was sent). */
  async update(id: string, change: (item: OutboxItem<P>) => OutboxItem<P>): Promise<void> {
    const db = await this.db;
    const item = await getOne<OutboxItem<P>>(db, id);
    if (!item) return;
    await putOne(db, { ...change(item), id: item.id, seq: item.seq, scope: item.scope });
    await this.reload();
  }

  /** Takes an item out (a refused one the person dismissed, or one sent). */
  async remove(id: string): Promise<void> {
    await deleteOne(await this.db, id);
    await this.reload();
  }

  /** Sends what is waiting, oldest first; one flush at a time in this page (and across tabs where Web Locks exist). */
  flush(send: Sender<P>): Promise<FlushResult> {
    this.flushing ??= this.locked(() => this.run(send)).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private locked(run: () => Promise<FlushResult>): Promise<FlushResult> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return run();
    return locks.request(`fieldplan-outbox:${this.scope}`, run);
  }

  private async run(send: Sender<P>): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, refused: 0, held: 0, offline: false };
    const db = await this.db;
    // Subjects with an item held in this flush: theirs wait, in order, for the next one.
    const heldSubjects = new Set<string>();
    for (;;) {
      const items = await this.read();
      const next = items.find((i) => !i.failure && !heldSubjects.has(i.subject));
      if (!next) break;
      if (items.some((i) => i.failure && i.subject === next.subject && i.seq < next.seq)) {
        await putOne(db, { ...next, failure: blockedFailure });
        result.refused += 1;
        await this.reload();
        continue;
      }
      let current = next;
      let savedAt = 0;
      const context: SendContext<P> = {
        progress: async (done, total) => {
          current = { ...current, progress: { done, total } };
          // Progress is for the person looking (an upload resumes from the server's offset, not this),
          // so it is shown at once but stored at most every `progressSaveMs`: storing the item and
          // reading every photo back on each chunk made long main-thread tasks on a phone with 50 waiting.
          this.show(current);
          if (Date.now() - savedAt < progressSaveMs && done < total) return;
          savedAt = Date.now();
          await putOne(db, current);
          this.channel?.postMessage('changed');
        },
        save: async (payload) => {
          current = { ...current, payload };
          await putOne(db, current);
        },
      };
      let answer: SendResult;
      try {
        answer = await send(current, context);
      } catch {
        // A sender that threw (a bug, a storage error) is treated as no network: nothing is lost.
        answer = { kind: 'offline' };
      }
      if (answer.kind === 'offline') {
        result.offline = true;
        break;
      }
      if (answer.kind === 'held') {
        heldSubjects.add(current.subject);
        result.held += 1;
        continue;
      }
      if (answer.kind === 'refused') {
        await putOne(db, { ...current, failure: { code: answer.code, message: answer.message } });
        result.refused += 1;
        await this.reload();
        continue;
      }
      await deleteOne(db, current.id);
      if (answer.version !== undefined) {
        // Later writes of the same subject were based on the version this one replaced (or on none yet).
        for (const later of items) {
          if (later.subject === current.subject && later.seq > current.seq && !later.failure) {
            await putOne(db, { ...later, baseVersion: answer.version });
          }
        }
      }
      result.sent += 1;
      await this.reload();
    }
    return result;
  }
}

/** "3 photos and 1 note" from counts by noun (singular, plural); empty when nothing waits. */
export function describeWaiting(counts: readonly { count: number; one: string; many: string }[]): string {
  const parts = counts.filter((c) => c.count > 0).map((c) => `${c.count} ${c.count === 1 ? c.one : c.many}`);
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
