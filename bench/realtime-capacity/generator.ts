/**
 * The load generator process (pinned to its own core by the benchmark): opens and holds client
 * connections with the raw-TCP client, publishes at a given rate and measures each delivery.
 * Driven by the benchmark over IPC: `connect`, `step`, `disconnect`, `exit`; answers each with one message.
 */
import { type Protocol, type ProtocolName, protocolFor, readEventTail, tail } from './protocols.js';
import { createPublisher, eventData, type PublishTarget } from './publisher.js';
import { type FrameSink, nowMicros, WsConn } from './ws-client.js';

export type GeneratorCommand =
  | {
      cmd: 'connect';
      protocol: ProtocolName;
      port: number;
      count: number;
      key: string;
      secret: string;
      channel: string;
    }
  | { cmd: 'step'; rate: number; seconds: number; graceSeconds: number; target: PublishTarget }
  | { cmd: 'disconnect'; keep: number }
  | { cmd: 'exit' };

export interface StepResult {
  rate: number;
  clients: number;
  sent: number;
  expected: number;
  received: number;
  dropped: number;
  duplicates: number;
  publishErrors: number;
  closed: number;
  p50: number;
  p99: number;
  max: number;
  deliveriesPerSecond: number;
  generatorCpu: number;
}

const BUCKET_US = 10;
const histogram = new Uint32Array(1_000_000); // 10 µs buckets up to 10 s; the last one holds the rest
let histMax = 0;

const live = new Set<WsConn>();
const waiting = new Map<WsConn, { resolve: () => void; reject: (err: Error) => void }>();
let protocol: Protocol = protocolFor('bare', { key: '', secret: '', channel: '' });
let seq = 0;
let stepFirstSeq = 0;
let received = 0;
let perSeq = new Uint32Array(0);
let closed = 0;

const sink: FrameSink = {
  text(conn, buf, start, end, now) {
    if (conn.state === 2 && end - start >= 64 && readEventTail(buf, start, end)) {
      const i = tail.seq - stepFirstSeq;
      if (i < 0 || i >= perSeq.length) return;
      // Counted per event, not per client order: concurrent publish requests may reach the server swapped.
      perSeq[i] = (perSeq[i] as number) + 1;
      received += 1;
      const lat = now - tail.sentAt;
      const bucket = lat <= 0 ? 0 : Math.min(histogram.length - 1, Math.floor(lat / BUCKET_US));
      histogram[bucket] = (histogram[bucket] as number) + 1;
      if (lat > histMax) histMax = lat;
      return;
    }
    const answer = protocol.control(conn, buf.toString('utf8', start, end));
    if (answer === 'ready') markReady(conn);
    else if (answer) waiting.get(conn)?.reject(new Error(answer.error));
  },
  closed(conn) {
    if (live.delete(conn)) closed += 1;
    waiting.get(conn)?.reject(new Error('closed before subscribed'));
  },
};

function markReady(conn: WsConn): void {
  conn.state = 2;
  waiting.get(conn)?.resolve();
}

async function openOne(port: number): Promise<void> {
  const conn = await WsConn.open(port, protocol.path, sink);
  const ready = new Promise<void>((resolve, reject) => waiting.set(conn, { resolve, reject }));
  if (protocol.readyOnOpen) markReady(conn);
  try {
    await ready;
    live.add(conn);
  } finally {
    waiting.delete(conn);
  }
}

/** Opens `count` more clients, 200 handshakes in flight at a time. */
async function connect(c: Extract<GeneratorCommand, { cmd: 'connect' }>): Promise<{ connected: number }> {
  protocol = protocolFor(c.protocol, c);
  let next = 0;
  const worker = async () => {
    while (next < c.count) {
      next += 1;
      await openOne(c.port);
    }
  };
  await Promise.all(Array.from({ length: Math.min(200, c.count) }, worker));
  return { connected: live.size };
}

function percentile(p: number, total: number): number {
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let i = 0; i < histogram.length; i += 1) {
    seen += histogram[i] as number;
    if (seen >= rank && rank > 0) return ((i + 1) * BUCKET_US) / 1000;
  }
  return Number.NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Publishes `rate` events a second for `seconds`, then waits up to `graceSeconds` for the stragglers. */
async function step(c: Extract<GeneratorCommand, { cmd: 'step' }>): Promise<StepResult> {
  histogram.fill(0);
  histMax = 0;
  received = 0;
  closed = 0;
  stepFirstSeq = seq;
  const clients = live.size;
  const publisher = createPublisher(c.target);
  const total = Math.round(c.rate * c.seconds);
  perSeq = new Uint32Array(total);
  const interval = 1000 / c.rate;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const requests: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = t0 + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    // The scheduled time, not the actual one: a generator running late must not hide the server's delay.
    requests.push(publisher.publish(eventData(seq, Math.round(due * 1000))));
    seq += 1;
  }
  const expected = clients * total;
  const publishedFor = (performance.now() - t0) / 1000;
  await Promise.all(requests);
  const deadline = nowMicros() + c.graceSeconds * 1_000_000;
  while (received < expected && nowMicros() < deadline) await sleep(20);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  publisher.close();
  let dropped = 0;
  let duplicates = 0;
  for (const count of perSeq) {
    if (count < clients) dropped += clients - count;
    else duplicates += count - clients;
  }
  return {
    rate: c.rate,
    clients,
    sent: total,
    expected,
    received,
    dropped,
    duplicates,
    publishErrors: publisher.errors,
    closed,
    p50: percentile(50, received),
    p99: percentile(99, received),
    max: histMax / 1000,
    deliveriesPerSecond: Math.round(received / Math.max(publishedFor, c.seconds)),
    generatorCpu: Math.round(((cpu.user + cpu.system) / 1000 / wall) * 100),
  };
}

async function disconnect(keep: number): Promise<{ connected: number }> {
  for (const conn of [...live].slice(keep)) {
    live.delete(conn);
    conn.close();
  }
  await sleep(500);
  return { connected: live.size };
}

process.on('message', (message: GeneratorCommand) => {
  const reply = (value: unknown) => process.send?.(value);
  const run = async () => {
    if (message.cmd === 'connect') return connect(message);
    if (message.cmd === 'step') return step(message);
    if (message.cmd === 'disconnect') return disconnect(message.keep);
    for (const conn of live) conn.close();
    setImmediate(() => process.exit(0));
    return { exiting: true };
  };
  run().then(reply, (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }));
});
// The probe (preloaded) unrefs the IPC channel for servers; the generator lives by it.
process.channel?.ref();
process.send?.({ ready: true });
