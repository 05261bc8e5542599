import type { ChangeEvent, ChangesPage } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { ChangeFeed } from './change-feed';

const change = (seq: number, extra: Partial<ChangeEvent> = {}) =>
  ({ seq, entity: 'job', action: 'deleted', data: { id: `job-${seq}` }, ...extra }) as ChangeEvent;

/** A fake log: answers `/changes?after=` from `log`, `latest` marks its end. */
function setup(options: { latest?: number; failOnce?: boolean; maxKept?: number } = {}) {
  const log: ChangeEvent[] = [];
  let latest = options.latest ?? 10;
  let fail = options.failOnce ?? false;
  const asked: Array<number | null> = [];
  const applied: number[] = [];
  const later: Array<() => void> = [];
  let resyncs = 0;
  const feed = new ChangeFeed({
    fetchChanges: async (after): Promise<ChangesPage> => {
      asked.push(after);
      if (fail) {
        fail = false;
        throw new Error('offline');
      }
      if (after === null) return { changes: [], latestSeq: latest };
      if (latest - after > (options.maxKept ?? 500)) return { resync: true, latestSeq: latest };
      return { changes: log.filter((c) => c.seq > after && c.seq <= latest), latestSeq: latest };
    },
    apply: (c) => applied.push(c.seq),
    resync: () => {
      resyncs += 1;
    },
    later: (fn) => later.push(fn),
  });
  const commit = (seq: number) => {
    log.push(change(seq));
    latest = Math.max(latest, seq);
  };
  return { feed, asked, applied, commit, later, resyncs: () => resyncs };
}

describe('ChangeFeed', () => {
  it('starts from where the log is, then applies each next change as it comes', async () => {
    const { feed, asked, applied, commit } = setup({ latest: 10 });
    await feed.subscribed();
    expect(asked).toEqual([null]);
    expect(feed.lastSeq).toBe(10);
    commit(11);
    await feed.received(change(11));
    commit(12);
    await feed.received(change(12));
    expect(applied).toEqual([11, 12]);
    expect(asked).toEqual([null]);
  });

  it('ignores events it already has (a repeat, or one the catch-up brought)', async () => {
    const { feed, applied, commit } = setup();
    await feed.subscribed();
    commit(11);
    await feed.received(change(11));
    await feed.received(change(11));
    await feed.received(change(9));
    expect(applied).toEqual([11]);
  });

  it('on a gap fetches what it missed, in order, and skips the late event when it finally comes', async () => {
    const { feed, asked, applied, commit } = setup();
    await feed.subscribed();
    commit(11);
    commit(12);
    commit(13);
    await feed.received(change(13));
    expect(asked).toEqual([null, 10]);
    expect(applied).toEqual([11, 12, 13]);
    await feed.received(change(12));
    expect(applied).toEqual([11, 12, 13]);
    expect(feed.lastSeq).toBe(13);
  });

  it('catches up after every resubscription (a reconnect)', async () => {
    const { feed, asked, applied, commit } = setup();
    await feed.subscribed();
    commit(11);
    commit(12);
    await feed.subscribed();
    expect(asked).toEqual([null, 10]);
    expect(applied).toEqual([11, 12]);
  });

  it('fetches a truncated event’s entity through the catch-up', async () => {
    const { feed, asked, applied, commit } = setup();
    await feed.subscribed();
    commit(11);
    await feed.received(change(11, { truncated: true }));
    expect(asked).toEqual([null, 10]);
    expect(applied).toEqual([11]);
  });

  it('asks for a resync when more was missed than the log keeps', async () => {
    const { feed, applied, commit, resyncs } = setup({ maxKept: 2 });
    await feed.subscribed();
    for (const seq of [11, 12, 13, 14]) commit(seq);
    await feed.subscribed();
    expect(applied).toEqual([]);
    expect(resyncs()).toBe(1);
    expect(feed.lastSeq).toBe(14);
  });

  it('retries a failed catch-up later, and a closed feed does nothing more', async () => {
    const { feed, asked, applied, commit, later } = setup({ failOnce: false });
    await feed.subscribed();
    commit(11);
    commit(12);
    const failing = setup({ failOnce: true });
    await failing.feed.subscribed();
    expect(failing.feed.lastSeq).toBeNull();
    expect(failing.later).toHaveLength(1);
    failing.later[0]?.();
    await failing.feed.received(change(99));
    expect(failing.feed.lastSeq).toBe(10);

    feed.close();
    await feed.received(change(11));
    expect(applied).toEqual([]);
    expect(asked).toEqual([null]);
    expect(later).toEqual([]);
  });
});
