import type { JobStatus } from '@fieldplan/shared';

/** A status change made on this phone, kept until the server has it. */
export interface QueuedChange {
  id: string;
  workspaceId: string;
  jobId: string;
  /** The visit's id in my day (job id, or `jobId:occurrenceKey`). */
  visitId: string;
  occurrence: string | null;
  /** The job's version the change was based on: sent as If-Match. */
  version: number;
  status: JobStatus;
  /** The job's title when tapped: names a refusal whose visit has left the day shown. */
  title?: string;
  queuedAt: string;
  /** Set when the server refused it (412, 403, 409 …): shown on the visit until dismissed. */
  failure?: { code: string; message: string };
}

/** How one send went: accepted (with the job's new version), no network, or refused. */
export type SendResult =
  | { kind: 'sent'; version: number }
  | { kind: 'offline' }
  | { kind: 'refused'; code: string; message: string };

export interface FlushResult {
  sent: number;
  refused: number;
  offline: boolean;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const blocked = {
  code: 'blocked',
  message: 'Not sent: the change before it on this job was refused',
};

/**
 * A persistent, ordered queue of status changes (localStorage: it survives reloads and closing the
 * app). `flush` sends them in order; a success moves the version the job's later changes are based
 * on, so two changes made offline go through one after the other with the right If-Match.
 */
export class StatusQueue {
  private flushing: Promise<FlushResult> | null = null;
  private readonly listeners = new Set<() => void>();
  private snapshot: QueuedChange[];
  /** Versions this queue saw replaced (job id → old → new): a change based on an old one is moved on. */
  private readonly replaced = new Map<string, Map<number, number>>();

  constructor(
    private readonly store: Store,
    private readonly key: string,
  ) {
    this.snapshot = this.read();
  }

  private read(): QueuedChange[] {
    try {
      const parsed: unknown = JSON.parse(this.store.getItem(this.key) ?? '[]');
      return Array.isArray(parsed) ? (parsed as QueuedChange[]) : [];
    } catch {
      return [];
    }
  }

  private write(changes: QueuedChange[]): void {
    this.snapshot = changes;
    this.store.setItem(this.key, JSON.stringify(changes));
    for (const listener of this.listeners) listener();
  }

  /** The queue as last written (a stable array between writes, for useSyncExternalStore). */
  list = (): QueuedChange[] => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Another tab wrote the queue: read it again. */
  reload(): void {
    this.snapshot = this.read();
    for (const listener of this.listeners) listener();
  }

  add(change: Omit<QueuedChange, 'id' | 'queuedAt'>, now = new Date()): QueuedChange {
    // The screen may still show the version a change sent a moment ago replaced.
    let version = change.version;
    const seen = this.replaced.get(change.jobId);
    for (let next = seen?.get(version); next !== undefined; next = seen?.get(version)) version = next;
    const queued = {
      ...change,
      version,
      id: `${now.getTime()}-${Math.random().toString(36).slice(2, 8)}`,
      queuedAt: now.toISOString(),
    };
    this.write([...this.read(), queued]);
    return queued;
  }

  dismiss(id: string): void {
    this.write(this.read().filter((c) => c.id !== id));
  }

  /** Sends what is waiting, oldest first; one flush at a time. */
  flush(send: (change: QueuedChange) => Promise<SendResult>): Promise<FlushResult> {
    this.flushing ??= this.run(send).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(send: (change: QueuedChange) => Promise<SendResult>): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, refused: 0, offline: false };
    for (;;) {
      const queue = this.read();
      const next = queue.find((c) => !c.failure);
      if (!next) return result;
      const earlierFailed = queue.some((c) => c.failure && c.jobId === next.jobId && c.queuedAt <= next.queuedAt);
      if (earlierFailed) {
        this.write(queue.map((c) => (c.id === next.id ? { ...c, failure: blocked } : c)));
        result.refused += 1;
        continue;
      }
      const answer = await send(next);
      const now = this.read();
      if (answer.kind === 'offline') {
        result.offline = true;
        return result;
      }
      if (answer.kind === 'refused') {
        const failure = { code: answer.code, message: answer.message };
        this.write(now.map((c) => (c.id === next.id ? { ...c, failure } : c)));
        result.refused += 1;
        continue;
      }
      // Later changes of this job were based on the version this one replaced.
      const seen = this.replaced.get(next.jobId) ?? new Map<number, number>();
      seen.set(next.version, answer.version);
      this.replaced.set(next.jobId, seen);
      this.write(
        now
          .filter((c) => c.id !== next.id)
          .map((c) => (c.jobId === next.jobId && c.version === next.version ? { ...c, version: answer.version } : c)),
      );
      result.sent += 1;
    }
  }
}

/** The status a visit shows: its last change still waiting, else the server's. */
export function pendingStatus(queue: readonly QueuedChange[], visitId: string): JobStatus | null {
  const waiting = queue.filter((c) => c.visitId === visitId && !c.failure);
  return waiting.at(-1)?.status ?? null;
}
