// Customer notifications under a burst (docs/PERFORMANCE.md, "Customer notifications"): 10,000
// reminders due in the same minute, sent by ONE app process's worker to an SMTP server (smtp-server,
// in a child process on loopback, counting what it accepts), while the office reads GET …/jobs?limit=50 20 times a second.
// Targets: all 10,000 accepted within 2 minutes; the API's p99 while sending ≤ 2× its p99 idle.
// The rows are real outbox rows of 200 real booked jobs (50 each), as a morning of reminders would be.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { benchDb, fmt, freePort, load, percentile } from './support.js';

const reminders = Number(process.env.BENCH_REMINDERS ?? 10_000);
const jobCount = 200;
/** The office's reads: one GET …/jobs?limit=50 every 50 ms (20 a second), paced, not a closed loop that saturates. */
const paceMs = 50;
const idleMs = 15_000;
const dayMs = 86_400_000;

/** An SMTP server in its own process (so it does not share the app's event loop), printing its count. */
async function startSink(): Promise<{ url: string; count: () => number; stop: () => void }> {
  const port = await freePort();
  const script = `
    const { SMTPServer } = require('smtp-server');
    let n = 0;
    const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, disableReverseLookup: true,
      onData(stream, _s, cb) { stream.on('data', () => {}); stream.on('end', () => { n += 1; cb(); }); } });
    server.listen(${port}, '127.0.0.1', () => console.log('ready'));
    setInterval(() => console.log('count ' + n), 200);
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  process.on('exit', () => child.kill());
  let count = 0;
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of String(chunk).split('\n')) {
        if (line === 'ready') resolve();
        const m = /^count (\d+)$/.exec(line);
        if (m) count = Number(m[1]);
      }
    });
  });
  return { url: `smtp://127.0.0.1:${port}`, count: () => count, stop: () => child.kill() };
}

for (const dialect of (process.env.BENCH_DIALECTS?.split(',') ?? ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[]) {
  const { db, cleanup } = await benchDb(dialect);
  await seedDemo(db);
  const sink = await startSink();
  const config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      SMTP_URL: sink.url,
      SMTP_FROM: 'visits@fieldplan.test',
      NOTIFICATIONS_POLL_MS: '500',
    }),
    WEB_DIST: '',
  };
  const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${address}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'fieldplan-demo' }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const me = (await signIn.json()) as { memberships: { workspaceId: string }[] };
  const workspaceId = me.memberships[0]?.workspaceId ?? '';
  const ws = `${address}/api/v1/workspaces/${workspaceId}`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${ws}${path}`, {
      method: 'POST',
      headers: { cookie, origin: address, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const members = (await (await fetch(`${ws}/members`, { headers: { cookie } })).json()) as {
    id: string;
    role: string;
  }[];
  const tech = members.find((m) => m.role === 'technician')?.id;

  // 200 booked visits of 200 customers, three days out.
  const start = Math.ceil((Date.now() + 3 * dayMs) / 3_600_000) * 3_600_000;
  const jobIds: string[] = [];
  for (let i = 0; i < jobCount; i += 1) {
    const customer = await post('/customers', {
      name: `Bench customer ${i}`,
      email: `c${i}@example.test`,
      address: 'Kastanienallee 12, 10435 Berlin',
      lat: 52.538,
      lng: 13.409,
    });
    const at = start + (i % 40) * 15 * 60_000;
    const job = await post('/jobs', {
      title: `Bench visit ${i}`,
      customerId: customer.id,
      start: new Date(at).toISOString(),
      end: new Date(at + 3_600_000).toISOString(),
      ...(tech && { assigneeIds: [tech] }),
    });
    jobIds.push(job.id);
  }
  // Let the worker send the bookings' confirmations, then empty the outbox and the count.
  const idleUntil = Date.now() + 60_000;
  while (Date.now() < idleUntil) {
    const left = await db.kysely
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['pending', 'sending'])
      .where('due_at', '<=', Date.now())
      .executeTakeFirst();
    if (Number(left?.n) === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await db.kysely.deleteFrom('notifications').execute();
  await new Promise((r) => setTimeout(r, 1000)); // the sink reports its count every 200 ms
  const sentBefore = sink.count();

  const get = async () => {
    const r = await fetch(`${ws}/jobs?limit=50`, { headers: { cookie } });
    if (!r.ok) throw new Error(`jobs: ${r.status}`);
    await r.arrayBuffer();
  };
  /** Starts one read every `paceMs` until `stop()`; resolves with each read's latency. */
  const paced = () => {
    const latencies: number[] = [];
    const pending: Promise<void>[] = [];
    const timer = setInterval(() => {
      const t = performance.now();
      pending.push(get().then(() => void latencies.push(performance.now() - t)));
    }, paceMs);
    return async () => {
      clearInterval(timer);
      await Promise.all(pending);
      return latencies;
    };
  };
  await load(get, 50, 2); // warm-up
  const stopIdle = paced();
  await new Promise((r) => setTimeout(r, idleMs));
  const idle = await stopIdle();

  // 10,000 reminders due now: 50 per visit (one real row per job and event key).
  const now = Date.now();
  const rows = Array.from({ length: reminders }, (_, i) => {
    const jobId = jobIds[i % jobCount] ?? '';
    return {
      id: randomUUID(),
      workspace_id: workspaceId,
      job_id: jobId,
      occurrence_key: 0,
      kind: 'reminder',
      channel: 'email',
      recipient: `c${i % jobCount}@example.test`,
      status: 'pending',
      due_at: now,
      attempts: 0,
      reason: null,
      lease_owner: null,
      lease_expires_at: null,
      event_key: `bench:${i}`,
      provider_id: null,
      created_at: now,
      sent_at: null,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await db.kysely
      .insertInto('notifications')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  const t0 = performance.now();
  const stopDuring = paced();
  let accepted = 0;
  while (performance.now() - t0 < 180_000) {
    accepted = sink.count() - sentBefore;
    if (accepted >= reminders) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  const during = await stopDuring();
  const statuses = await db.kysely
    .selectFrom('notifications')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  console.log(
    `${dialect.padEnd(8)} ${accepted} of ${reminders} reminders accepted by SMTP in ${seconds.toFixed(1)} s (${(accepted / seconds).toFixed(0)}/s); rows: ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}`,
  );
  console.log(
    `${dialect.padEnd(8)} GET …/jobs?limit=50 p99 idle ${fmt(percentile(idle, 99))} (p50 ${fmt(percentile(idle, 50))}); while sending ${fmt(percentile(during, 99))} (p50 ${fmt(percentile(during, 50))}; ${during.length} calls, one every ${paceMs} ms)`,
  );
  await app.close();
  sink.stop();
  await cleanup();
}
