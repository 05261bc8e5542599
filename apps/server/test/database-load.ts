import { setTimeout as sleep } from 'node:timers/promises';
import type { Job } from '@fieldplan/shared';
import type { Client } from './harness.js';
import { type Res, ws } from './helpers.js';

/** One answer of the load, with what the test said about the database when it was sent and answered. */
export interface LoadAnswer<Phase extends string> {
  what: string;
  res: Res;
  sentIn: Phase;
  answeredIn: Phase;
  ms: number;
}

/** A signed-in client and its workspace. */
type Caller = { client: Client; workspaceId: string };

/**
 * Writers patching one job each (titles `writer <i> write <n>`, sent with If-Match) and readers of a
 * workspace's calendar, in loops until stopped; a 503 is retried after 50 ms. `phase` labels every answer, so a
 * test can check what was answered while the database was down. `pause` stops new requests (those
 * in flight still finish); `inFlight` counts requests not answered yet.
 */
export function startLoad<Phase extends string>(
  writers: { caller: Caller; job: Job }[],
  options: { readers: number; calendarOf: Caller; phase: () => Phase },
) {
  const answers: LoadAnswer<Phase>[] = [];
  /** Per writer: the last write answered 2xx (its number in the title, and the version it made). */
  const acked = writers.map(() => ({ n: 0, version: 0 }));
  let running = true;
  let paused = false;
  let inFlight = 0;

  const send = async (what: string, request: () => Promise<Res>): Promise<Res> => {
    const sentIn = options.phase();
    const started = Date.now();
    inFlight += 1;
    try {
      const res = await request();
      answers.push({ what, res, sentIn, answeredIn: options.phase(), ms: Date.now() - started });
      return res;
    } finally {
      inFlight -= 1;
    }
  };
  const go = async () => {
    while (paused && running) await sleep(20);
    return running;
  };
  const writer = async (i: number, { caller, job }: { caller: Caller; job: Job }) => {
    const jobUrl = ws(caller.workspaceId, `/jobs/${job.id}`);
    let version = job.version;
    for (let n = 1; await go(); n += 1) {
      const title = `writer ${i} write ${n}`;
      const res = await send(`PATCH job ${i}`, () =>
        caller.client.patch(jobUrl, { title }, { 'if-match': `"${version}"` }),
      );
      if (res.statusCode === 200) {
        version = (res.json() as { jobs: Job[] }).jobs[0]?.version ?? version;
        acked[i] = { n, version };
      } else if (res.statusCode === 412 && (await go())) {
        // A write that committed but whose answer was lost: carry on from the version it made.
        const current = await send(`GET job ${i}`, () => caller.client.get(jobUrl));
        if (current.statusCode === 200) version = (current.json() as Job).version;
      } else if (res.statusCode >= 500) {
        await sleep(50);
      }
    }
  };
  const { calendarOf } = options;
  const calendar = ws(calendarOf.workspaceId, '/calendar/events?start=2026-03-01&end=2026-04-01');
  const reader = async (i: number) => {
    while (await go()) {
      const res = await send(`calendar ${i}`, () => calendarOf.client.get(calendar));
      if (res.statusCode >= 500) await sleep(50);
    }
  };
  const loops = [
    ...writers.map((w, i) => writer(i, w)),
    ...Array.from({ length: options.readers }, (_, i) => reader(i)),
  ];

  return {
    answers,
    acked,
    get inFlight() {
      return inFlight;
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
    },
    /** Resolves true once every writer has had a write acknowledged since `since` (false after `boundMs`). */
    async everyWriterAcked(since: readonly { n: number }[], boundMs: number): Promise<boolean> {
      const until = Date.now() + boundMs;
      const done = () => acked.every((a, i) => a.n > (since[i]?.n ?? 0));
      while (!done() && Date.now() < until) await sleep(50);
      return done();
    },
    async stop() {
      running = false;
      await Promise.allSettled(loops);
    },
  };
}
