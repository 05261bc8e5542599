import { createHash } from 'node:crypto';
import { type FetchPolicy, fetchCalendar, type Validators } from './fetch/fetcher.js';
import { FeedFetchError } from './fetch/url.js';
import type { ParsedFeed } from './ical/parse.js';
import { DeadlineExceeded, parseInWorker, WorkerParseError } from './ical/pool.js';

export type Loaded =
  | { kind: 'not_modified' }
  | {
      kind: 'ok';
      parsed: ParsedFeed;
      hash: string;
      validators: Validators /** The parse's CPU time. */;
      cpuMs: number;
    };

/**
 * Fetches and parses a feed (no database): a 304 is `not_modified`; anything that leaves us without
 * a usable calendar throws FeedFetchError with the reason ("not an iCalendar file" …).
 */
export async function loadFeed(
  url: string,
  validators: Validators,
  zone: string,
  policy: FetchPolicy,
): Promise<Loaded> {
  const fetched = await fetchCalendar(url, validators, policy);
  if (fetched.kind === 'not_modified') return fetched;
  const hash = createHash('sha256').update(fetched.body).update(zone).digest('hex');
  try {
    // In the worker thread, under a deadline: a hostile file costs its feed a refusal, not the server a stall.
    const { result: parsed, cpuMs } = await parseInWorker({ bytes: fetched.body, zone, now: Date.now() });
    const validators = { etag: fetched.etag, lastModified: fetched.lastModified };
    return { kind: 'ok', parsed, hash, validators, cpuMs };
  } catch (err) {
    if (err instanceof WorkerParseError) throw new FeedFetchError(err.message, err.cpuMs);
    if (err instanceof DeadlineExceeded) {
      // Only a file that used the deadline's CPU time is too costly; waiting for a core is ours.
      const reason = err.costly ? 'the calendar took too long to read' : 'the server was too busy to read the calendar';
      throw new FeedFetchError(reason, err.cpuMs);
    }
    throw new FeedFetchError('the file could not be read as iCalendar');
  }
}
