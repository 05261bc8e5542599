import { describe, expect, it } from 'vitest';
import { pendingStatus, type QueuedChange, type SendResult, StatusQueue } from './offline-queue';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => {
    this.data.set(key, value);
  };
}

const change = (overrides: Partial<QueuedChange> = {}) => ({
  workspaceId: 'w1',
  jobId: 'j1',
  visitId: 'j1',
  occurrence: null,
  version: 3,
  status: 'en_route' as const,
  ...overrides,
});

/** A fake server: job versions, and what it answers. */
function server(versions: Record<string, number>) {
  const received: QueuedChange[] = [];
  const send = async (c: QueuedChange): Promise<SendResult> => {
    received.push(c);
    const current = versions[c.jobId] ?? 1;
    if (c.version !== current) return { kind: 'refused', code: 'version_conflict', message: 'stale' };
    versions[c.jobId] = current + 1;
    return { kind: 'sent', version: current + 1 };
  };
  return { received, send, versions };
}

describe('the offline status queue', () => {
  it('keeps changes across instances (a reload) until sent', () => {
    const storage = new MemoryStorage();
    new StatusQueue(storage, 'k').add(change());
    const again = new StatusQueue(storage, 'k');
    expect(again.list()).toHaveLength(1);
    expect(again.list()[0]).toMatchObject({ jobId: 'j1', status: 'en_route', version: 3 });
  });

  it('sends two changes of one job in order, the second with the version the first produced', async () => {
    const queue = new StatusQueue(new MemoryStorage(), 'k');
    queue.add(change({ status: 'en_route' }));
    queue.add(change({ status: 'in_progress' }));
    expect(pendingStatus(queue.list(), 'j1')).toBe('in_progress');
    const fake = server({ j1: 3 });
    expect(await queue.flush(fake.send)).toEqual({ sent: 2, refused: 0, offline: false });
    expect(fake.received.map((c) => [c.status, c.version])).toEqual([
      ['en_route', 3],
      ['in_progress', 4],
    ]);
    expect(queue.list()).toEqual([]);
    expect(pendingStatus(queue.list(), 'j1')).toBeNull();
  });

  it('stops at the first change without a network and keeps the rest for later', async () => {
    const queue = new StatusQueue(new MemoryStorage(), 'k');
    queue.add(change());
    queue.add(change({ jobId: 'j2', visitId: 'j2' }));
    const offline = async (): Promise<SendResult> => ({ kind: 'offline' });
    expect(await queue.flush(offline)).toEqual({ sent: 0, refused: 0, offline: true });
    expect(queue.list()).toHaveLength(2);
    const fake = server({ j1: 3, j2: 3 });
    expect((await queue.flush(fake.send)).sent).toBe(2);
  });

  it('keeps a refused change on its visit, blocks the later ones of that job, and sends other jobs', async () => {
    const queue = new StatusQueue(new MemoryStorage(), 'k');
    queue.add(change({ status: 'en_route' }));
    queue.add(change({ status: 'in_progress' }));
    queue.add(change({ jobId: 'j2', visitId: 'j2', version: 7 }));
    // Someone else changed j1 meanwhile: its version is 5 now.
    const fake = server({ j1: 5, j2: 7 });
    expect(await queue.flush(fake.send)).toEqual({ sent: 1, refused: 2, offline: false });
    const left = queue.list();
    expect(left.map((c) => [c.status, c.failure?.code])).toEqual([
      ['en_route', 'version_conflict'],
      ['in_progress', 'blocked'],
    ]);
    // The refused ones no longer count as waiting; dismissing clears them.
    expect(pendingStatus(left, 'j1')).toBeNull();
    for (const c of left) queue.dismiss(c.id);
    expect(queue.list()).toEqual([]);
  });

  it('a change queued on a version it just replaced goes with the new one', async () => {
    const queue = new StatusQueue(new MemoryStorage(), 'k');
    const fake = server({ j1: 3 });
    queue.add(change({ status: 'en_route' }));
    await queue.flush(fake.send);
    // The screen still shows version 3 when the technician taps again.
    queue.add(change({ status: 'in_progress', version: 3 }));
    expect(queue.list()[0]?.version).toBe(4);
    expect((await queue.flush(fake.send)).sent).toBe(1);
  });

  it('runs one flush at a time', async () => {
    const queue = new StatusQueue(new MemoryStorage(), 'k');
    queue.add(change());
    const fake = server({ j1: 3 });
    const [a, b] = await Promise.all([queue.flush(fake.send), queue.flush(fake.send)]);
    expect(a).toBe(b);
    expect(fake.received).toHaveLength(1);
  });

  it('tells subscribers about every write', () => {
    const queue = new StatusQueue(new MemoryStorage(), 'k');
    let calls = 0;
    const stop = queue.subscribe(() => {
      calls += 1;
    });
    const added = queue.add(change());
    queue.dismiss(added.id);
    stop();
    queue.add(change());
    expect(calls).toBe(2);
  });
});
