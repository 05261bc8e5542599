import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** A serialised feed answer, and its compressed forms once someone asked for them. */
export interface FeedEntry {
  body: Buffer;
  etag: string;
  encoded?: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * The answer in the encoding the client accepts, compressed once per entry on libuv's thread pool
 * (off the event loop) at a fast setting: a week of 2,000 events is ~1.3 MB of JSON, ~250 KB
 * compressed.
 */
export function encodedBody(entry: FeedEntry, encoding: Encoding): Promise<Buffer> {
  entry.encoded ??= {};
  let body = entry.encoded[encoding];
  if (!body) {
    body =
      encoding === 'br'
        ? brotli(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } })
        : gzip(entry.body, { level: 1 });
    entry.encoded[encoding] = body;
  }
  return body;
}

/** The best encoding an Accept-Encoding header allows (q=0 ignored as a refusal). */
export function pickEncoding(header: string | undefined): Encoding | null {
  const accepted = (header ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * Feed answers by key, where the key includes the workspace's change-log `seq`: any write to the
 * workspace moves `seq`, so a stale entry is never served — it just stops being asked for and
 * ages out (least recently used first, bounded by bytes). Many screens showing the same week cost
 * one computation; concurrent misses for one key share it. Per process, and still correct across
 * processes because `seq` is read from the database on every request.
 */
export class FeedCache {
  private readonly entries = new Map<string, FeedEntry>();
  private readonly pending = new Map<string, Promise<FeedEntry>>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  async get(key: string, compute: () => Promise<FeedEntry>): Promise<FeedEntry> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const running = this.pending.get(key);
    if (running) return running;
    const promise = compute().finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    const entry = await promise;
    this.put(key, entry);
    return entry;
  }

  private put(key: string, entry: FeedEntry): void {
    // Counted twice over: room for the compressed copies.
    const size = entry.body.length * 2;
    if (size > this.maxBytes / 4 || this.entries.has(key)) return;
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.body.length * 2;
    }
  }
}
