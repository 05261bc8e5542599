import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/** One envelope as the ingest received it. */
export interface SentryEnvelope {
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: unknown; raw: string }[];
  /** The whole (decompressed) envelope as text: what "nowhere in the envelope" is checked against. */
  raw: string;
}

export interface SentryIngest {
  /** A DSN whose envelopes come here: `http://<key>@127.0.0.1:<port>/<project>`. */
  dsn: string;
  envelopes: SentryEnvelope[];
  /** The first envelope (received or still to come) that matches; rejects after `timeoutMs`. */
  waitFor(pred: (e: SentryEnvelope) => boolean, timeoutMs?: number): Promise<SentryEnvelope>;
  close(): Promise<void>;
}

const newline = 0x0a;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Parses Sentry's envelope format: a JSON header line, then item header + payload pairs; a payload
 * is `length` bytes when its header says so, else the rest of the line.
 */
export function parseEnvelope(body: Buffer): SentryEnvelope {
  let at = body.indexOf(newline);
  if (at === -1) at = body.length;
  const header = asRecord(JSON.parse(body.subarray(0, at).toString('utf8')));
  const items: SentryEnvelope['items'] = [];
  let pos = at + 1;
  while (pos < body.length) {
    let end = body.indexOf(newline, pos);
    if (end === -1) end = body.length;
    const line = body.subarray(pos, end).toString('utf8');
    pos = end + 1;
    if (line.trim() === '') continue;
    const itemHeader = asRecord(JSON.parse(line));
    let payloadBytes: Buffer;
    if (typeof itemHeader.length === 'number') {
      payloadBytes = body.subarray(pos, pos + itemHeader.length);
      pos += itemHeader.length;
      if (body[pos] === newline) pos += 1;
    } else {
      let payloadEnd = body.indexOf(newline, pos);
      if (payloadEnd === -1) payloadEnd = body.length;
      payloadBytes = body.subarray(pos, payloadEnd);
      pos = payloadEnd + 1;
    }
    const raw = payloadBytes.toString('utf8');
    items.push({ header: itemHeader, payload: parseJson(raw), raw });
  }
  return { header, items, raw: body.toString('utf8') };
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  return body;
}

/**
 * A stand-in for Sentry's ingest (the outside service error reports go to): a real HTTP server on 127.0.0.1
 * taking `POST /api/:project/envelope/`, plain or compressed, and answering like Sentry (`{"id"}`).
 */
export async function startSentryIngest(
  options: { publicKey?: string; projectId?: string } = {},
): Promise<SentryIngest> {
  const publicKey = options.publicKey ?? 'fieldplantestkey';
  const projectId = options.projectId ?? '4242';
  const envelopes: SentryEnvelope[] = [];
  const waiters = new Set<{ pred: (e: SentryEnvelope) => boolean; resolve: (e: SentryEnvelope) => void }>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const match = /^\/api\/(\d+)\/envelope\/?(?:\?.*)?$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        res.writeHead(404).end();
        return;
      }
      let envelope: SentryEnvelope;
      try {
        envelope = parseEnvelope(decode(Buffer.concat(chunks), req.headers['content-encoding']));
      } catch (error) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: String(error) }));
        return;
      }
      envelopes.push(envelope);
      for (const waiter of waiters) {
        if (waiter.pred(envelope)) {
          waiters.delete(waiter);
          waiter.resolve(envelope);
        }
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: envelope.header.event_id ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    dsn: `http://${publicKey}@127.0.0.1:${port}/${projectId}`,
    envelopes,
    waitFor(pred, timeoutMs = 10_000) {
      const found = envelopes.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          pred,
          resolve: (e: SentryEnvelope) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching envelope within ${timeoutMs} ms (${envelopes.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
