// Import of 50,000 customers (docs/PERFORMANCE.md, "Import"): a CSV uploaded over real HTTP on loopback,
// then parsed, validated, matched against 5,000 existing customers and inserted in the background —
// geocoding excluded (every row has its position). Target: ≤ 10 s from the first byte sent to the last
// row committed, on SQLite and PostgreSQL; memory growth ≤ 300 MB; meanwhile another user's reads keep a
// p99 within 2× of their p99 before. Server and client share this process (the numbers include both),
// unless BENCH_SERVER=built: then the server is the built one (`npm run build -w apps/server` first) in
// a child process, and its RSS and per-thread CPU time are its own.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { Import } from '@fieldplan/shared';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { benchDb, fmt, percentile, startFieldplan } from './support.js';

const rows = Number(process.env.BENCH_ROWS ?? 50_000);
const built = process.env.BENCH_SERVER === 'built';
// The other user's pause between reads (0: back to back). With the rows off the event loop, back-to-back
// reads are answered dozens of times more often during the import and compete with it for the cores.
const readPauseMs = Number(process.env.BENCH_READ_PAUSE_MS ?? 0);
const existing = 5_000;

/** A process's resident memory (bytes), from /proc. */
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** CPU seconds (user + system) each thread of a process has used so far, by thread id, from /proc. */
function threadCpu(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

/** CPU seconds (user + system) a process has used so far, or undefined once it is gone, from /proc. */
function processCpu(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** A Jobber-like export: 1 in 10 rows repeats an existing customer's email (matched, skipped). */
function csvOf(): Buffer {
  const lines = [
    'Client ID,First Name,Last Name,Company Name,E-mails,Main Phone #,Street 1,City,Zip code,Country,Notes,Latitude,Longitude',
  ];
  for (let n = 0; n < rows; n++) {
    const email = n % 10 === 0 ? `old${n % existing}@example.test` : `new${n}@example.test`;
    const notes = n % 7 === 0 ? '"Gate code 12, ring twice"' : '';
    lines.push(
      `B-${n},Vorname${n},Nachname${n % 977},,${email},+49 30 ${2_000_000 + n},Straße ${n},Berlin,10${String(n % 1000).padStart(3, '0')},DE,${notes},${(52.4 + (n % 1000) / 5000).toFixed(5)},${(13.3 + (n % 777) / 5000).toFixed(5)}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

for (const dialect of (process.env.BENCH_DIALECTS?.split(',') ?? ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[]) {
  const { db, cleanup } = await benchDb(dialect);
  let server: { address: string; pid: number; close: () => Promise<unknown> };
  if (built) {
    process.env.GEOCODER_URL = 'off';
    const { child, origin }: { child: ChildProcess; origin: string } = await startFieldplan({
      databaseUrl: db.opened.url,
      webDist: '',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    server = {
      address: origin,
      pid: child.pid ?? 0,
      close: () => {
        child.kill('SIGTERM');
        return exited;
      },
    };
  } else {
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', GEOCODER_URL: 'off' }), WEB_DIST: '' };
    const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000 });
    server = { address: await app.listen({ port: 0, host: '127.0.0.1' }), pid: process.pid, close: () => app.close() };
  }
  const address = server.address;
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${address}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: address, cookie },
      body: JSON.stringify(body),
    });
  const email = `bench-${randomUUID()}@example.test`;
  await post('/auth/sign-up', { name: 'Bench', email, password: 'correct horse battery', workspaceName: 'Bench Co' });
  const signIn = await post('/auth/sign-in', { email, password: 'correct horse battery' });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const workspaceId =
    ((await signIn.json()) as { memberships: { workspaceId: string }[] }).memberships[0]?.workspaceId ?? '';
  const api = (path: string) => `${address}/api/v1/workspaces/${workspaceId}${path}`;

  const now = Date.now();
  for (let i = 0; i < existing; i += 500) {
    const batch = Array.from({ length: 500 }, (_, k) => ({
      id: randomUUID(),
      workspace_id: workspaceId,
      name: `Old ${i + k}`,
      email: `old${i + k}@example.test`,
      phone: null,
      address: `Altweg ${i + k}, Berlin`,
      lat: 52.5,
      lng: 13.4,
      notes: '',
      sort_name: `old ${i + k}`,
      search_text: `old ${i + k}`,
      version: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    }));
    await db.kysely.insertInto('customers').values(batch).execute();
  }

  // Another user's reads, one at a time: a customer's detail (what doesn't grow with the import).
  const someone = await db.kysely.selectFrom('customers').select('id').limit(1).executeTakeFirstOrThrow();
  const read = async () => {
    const t0 = performance.now();
    const res = await fetch(api(`/customers/${someone.id}`), { headers: { cookie } });
    await res.arrayBuffer();
    return performance.now() - t0;
  };
  const before: number[] = [];
  for (let i = 0; i < 200; i++) before.push(await read());

  const file = csvOf();
  global.gc?.();
  const rssBefore = rssOf(server.pid);
  let rssPeak = rssBefore;
  const cpuBefore = threadCpu(server.pid);
  // Sampled all along: a worker thread's last figure must be read before it ends.
  const cpuSeen = new Map(cpuBefore);
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(server.pid));
    for (const [tid, cpu] of threadCpu(server.pid)) cpuSeen.set(tid, cpu);
  }, 25);
  // PostgreSQL's backends serving this database (the server's pools and the import worker's), when the
  // server is local: their CPU is the database's share of the import. A backend that started during
  // the import counts from zero.
  const backendBase = new Map<number, number>();
  const backendSeen = new Map<number, number>();
  const backendPids = async () =>
    dialect === 'postgres'
      ? (
          await sql<{
            pid: number;
          }>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(
            db.kysely,
          )
        ).rows.map((r) => Number(r.pid))
      : [];
  for (const pid of await backendPids()) backendBase.set(pid, processCpu(pid) ?? 0);
  const backendSampler = setInterval(() => {
    void backendPids().then((pids) => {
      for (const pid of pids) {
        const cpu = processCpu(pid);
        if (cpu !== undefined) backendSeen.set(pid, cpu);
      }
    });
  }, 100);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const t0 = performance.now();
  const uploaded = await fetch(api(`/imports?kind=customers&fileName=bench.csv`), {
    method: 'POST',
    headers: { origin: address, cookie, 'content-type': 'text/csv' },
    body: file,
  });
  const imp = (await uploaded.json()) as Import;
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${JSON.stringify(imp)}`);
  const tUpload = performance.now() - t0;
  await post(
    `/workspaces/${workspaceId}/imports/${imp.id}/start`,
    { mapping: imp.mapping, duplicatePolicy: 'skip' },
    cookie,
  );
  const during: number[] = [];
  let state = imp;
  while (state.status === 'running' || state.status === 'uploaded') {
    if (readPauseMs > 0) await new Promise((resolve) => setTimeout(resolve, readPauseMs));
    during.push(await read());
    state = (await (await fetch(api(`/imports/${imp.id}`), { headers: { cookie } })).json()) as Import;
  }
  const total = performance.now() - t0;
  clearInterval(sampler);
  clearInterval(backendSampler);
  for (const pid of backendSeen.keys()) {
    const cpu = processCpu(pid);
    if (cpu !== undefined) backendSeen.set(pid, cpu);
  }
  const backendCpu = [...backendSeen].reduce((sum, [pid, cpu]) => sum + cpu - (backendBase.get(pid) ?? 0), 0);
  for (const [tid, cpu] of threadCpu(server.pid)) cpuSeen.set(tid, cpu);
  const used = [...cpuSeen].map(([tid, cpu]) => ({ tid, cpu: cpu - (cpuBefore.get(tid) ?? 0) }));
  const mainCpu = used.find((t) => t.tid === server.pid)?.cpu ?? 0;
  const others = used.filter((t) => t.tid !== server.pid).sort((a, b) => b.cpu - a.cpu);
  console.log(`load average before: ${load} (${os.cpus().length} cores)`);
  console.log(
    `${dialect.padEnd(8)} ${rows} rows (${(file.length / 1024 ** 2).toFixed(1)} MB): upload+read ${(tUpload / 1000).toFixed(2)} s, ` +
      `all rows committed ${(total / 1000).toFixed(2)} s — created ${state.created}, skipped ${state.skipped}, refused ${state.refused}, status ${state.status}; ` +
      `RSS +${((rssPeak - rssBefore) / 1024 ** 2).toFixed(0)} MB`,
  );
  console.log(
    `${dialect.padEnd(8)} another user's reads: p99 before ${fmt(percentile(before, 99))}, during ${fmt(percentile(during, 99))} (${during.length} reads; p50 ${fmt(percentile(before, 50))} → ${fmt(percentile(during, 50))})`,
  );
  console.log(
    `${dialect.padEnd(8)} ${built ? 'built server' : 'this process'}'s CPU meanwhile: main thread ${mainCpu.toFixed(2)} s` +
      ` (with ${during.length} reads and as many progress polls${built ? '' : ', and the client'}), other threads` +
      ` ${others.reduce((sum, t) => sum + t.cpu, 0).toFixed(2)} s (the busiest ${(others[0]?.cpu ?? 0).toFixed(2)} s)` +
      (dialect === 'postgres' ? `; PostgreSQL backends ${backendCpu.toFixed(2)} s (${backendSeen.size} seen)` : ''),
  );
  await server.close();
  await cleanup();
}
