/**
 * Realtime in the app, end to end: a job edited through Fieldplan's API until the `change` event is in
 * every subscribed browser client. The built server (`npm run build -w apps/server`) runs as a child
 * process with the demo workspace, on SQLite and then PostgreSQL; N official pusher-js clients (Node
 * build, loopback) in this process are authorized through `POST /api/realtime/auth`; the job's title is
 * changed EVENTS times, one after another, each with `If-Match`.
 *
 *   npm run bench -- realtime-app          (REALTIME_APP_BENCH_CLIENTS=200, REALTIME_APP_BENCH_EVENTS=100)
 *
 * Measured per write: the API round trip (the outbox's post-commit read happens after the answer), and
 * the time from sending the request until the first and the last client had the event.
 * BENCH_BASE_DIR=<checkout>: the same on that tree's built server too (its own bench/support.ts starts
 * it from its own dist/ and migrates its database), round by round (bench/trees.ts), with `now ÷ base`.
 */
import { once } from 'node:events';
import type { ChangeEvent, Job } from '@fieldplan/shared';
import { sql } from 'kysely';
import Pusher from 'pusher-js';
import type { Db } from '../apps/server/src/db/database.js';
import { fmt, median, percentile } from './support.js';
import { importFrom, interleaved, ratio, type Tree, trees } from './trees.js';

const CLIENTS = Number(process.env.REALTIME_APP_BENCH_CLIENTS ?? 200);
const EVENTS = Number(process.env.REALTIME_APP_BENCH_EVENTS ?? 100);
// Every client comes from 127.0.0.1: no per-address cap (the server's default of 100 left half the
// clients unconnected and the bench waiting for their subscriptions). The servers inherit this env.
process.env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS ??= '0';

/** One run's times, ms: each write's round trip, and its first and last client's receipt. */
interface Run {
  write: number[];
  first: number[];
  last: number[];
  lost: number;
}

/** `tree`'s server (built by that tree) with the demo workspace, CLIENTS subscribed and EVENTS writes. */
async function run(tree: Tree, dialect: 'sqlite' | 'postgres'): Promise<Run> {
  // Each tree's own harness: its migrations, and its server's dist/ as the working directory.
  const { benchDb, startFieldplan } = await importFrom<typeof import('./support.js')>(tree, 'bench/support.ts');
  const { db, cleanup } = await benchDb(dialect);
  const url = dialect === 'postgres' ? await postgresUrlOf(db) : await sqliteUrlOf(db);
  // The server has the SQLite file to itself; a PostgreSQL pool is closed by `cleanup` (a second end throws).
  if (dialect === 'sqlite') await db.close();
  const server = await startFieldplan({ databaseUrl: url, webDist: '' });
  const { origin } = server;
  const signIn = await fetch(`${origin}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'dispatcher@demo.test', password: 'fieldplan-demo' }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const ws = ((await signIn.json()) as { memberships: { workspaceId: string }[] }).memberships[0]?.workspaceId ?? '';
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}/api/v1/workspaces/${ws}${path}`, {
      method,
      headers: { origin, cookie, ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  const key = ((await (await fetch(`${origin}/api/v1/config`)).json()) as { realtime: { key: string } }).realtime.key;
  const port = Number(new URL(origin).port);

  // Every client's arrival times, by seq.
  const arrivals = new Map<number, number[]>();
  const clients: Pusher[] = [];
  /** pusher-js's auth request, through the app with the dispatcher's session. */
  const authorize = <T>(
    path: string,
    params: Record<string, string>,
    callback: (e: Error | null, d: T | null) => void,
  ) => {
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie },
      body: new URLSearchParams(params).toString(),
    })
      .then(async (res) => callback(null, (await res.json()) as T))
      .catch((err: Error) => callback(err, null));
  };
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const pusher = new Pusher(key, {
        cluster: 'fieldplan',
        wsHost: '127.0.0.1',
        wsPort: port,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        channelAuthorization: {
          endpoint: '/api/realtime/auth',
          transport: 'ajax',
          customHandler: ({ socketId, channelName }, callback) =>
            authorize('/api/realtime/auth', { socket_id: socketId, channel_name: channelName }, callback),
        },
        userAuthentication: {
          endpoint: '/api/realtime/user-auth',
          transport: 'ajax',
          customHandler: ({ socketId }, callback) =>
            authorize('/api/realtime/user-auth', { socket_id: socketId }, callback),
        },
      });
      // As the web app: signed in (pusher:signin) before subscribing, which the embedded server's
      // private channels require (they are bound to the user).
      pusher.signin();
      await pusher.user.signinDonePromise;
      clients.push(pusher);
      const channel = pusher.subscribe(`private-workspace-${ws}`);
      channel.bind('change', (event: ChangeEvent) => {
        const list = arrivals.get(event.seq) ?? [];
        list.push(performance.now());
        arrivals.set(event.seq, list);
      });
      // A refused subscription fails the run (it used to wait for it for ever).
      await new Promise((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', resolve);
        channel.bind('pusher:subscription_error', (error: unknown) =>
          reject(new Error(`subscription refused: ${JSON.stringify(error)}`)),
        );
      });
    }),
  );

  const created = await call('POST', '/jobs', { title: 'Bench job', address: 'Torstraße 1', lat: 52.5, lng: 13.4 });
  let job = (await created.json()) as Job;
  const write: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  let lost = 0;
  for (let i = 0; i < EVENTS; i++) {
    const t0 = performance.now();
    const res = await call('PATCH', `/jobs/${job.id}`, { title: `Bench job ${i}` }, { 'if-match': `"${job.version}"` });
    job = ((await res.json()) as { jobs: Job[] }).jobs[0] as Job;
    write.push(performance.now() - t0);
    const seq = ((await (await call('GET', '/changes')).json()) as { latestSeq: number }).latestSeq;
    const deadline = performance.now() + 2000;
    while ((arrivals.get(seq)?.length ?? 0) < CLIENTS && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const times = arrivals.get(seq) ?? [];
    lost += CLIENTS - times.length;
    if (times.length > 0) {
      first.push(Math.min(...times) - t0);
      last.push(Math.max(...times) - t0);
    }
  }
  for (const pusher of clients) pusher.disconnect();
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
  await cleanup();
  return { write, first, last, lost };
}

/** The URL of a bench database (the child process opens it on its own). */
async function postgresUrlOf(db: Db): Promise<string> {
  const row = await db.kysely
    .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
    .executeTakeFirstOrThrow();
  const url = new URL(process.env.FIELDPLAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${row.name}`;
  return url.toString();
}

async function sqliteUrlOf(db: Db): Promise<string> {
  const list = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
    db.kysely,
  );
  return `sqlite:${list.rows[0]?.file ?? ''}`;
}

const p50 = (values: number[]) => percentile(values, 50);
const p99 = (values: number[]) => percentile(values, 99);
const figures = ['write', 'first', 'last'] as const;
const figureName = { write: 'PATCH', first: 'first client', last: 'last client' } as const;

for (const dialect of ['sqlite', 'postgres'] as const) {
  const results = await interleaved(trees, (tree) => run(tree, dialect));
  for (const [tree, runs] of results) {
    const all = (key: (typeof figures)[number]) => runs.flatMap((r) => r[key]);
    const name = trees.length > 1 ? `${dialect} (${tree.label})` : dialect;
    const writes = runs.length > 1 ? `${EVENTS * runs.length} writes (${runs.length} rounds)` : `${EVENTS} writes`;
    console.log(
      `${name.padEnd(8)} ${CLIENTS} clients × ${writes}: ${figures
        .map((key) => `${figureName[key]} p50 ${fmt(p50(all(key)))} p99 ${fmt(p99(all(key)))}`)
        .join(' | ')} | lost ${runs.reduce((sum, r) => sum + r.lost, 0)}`,
    );
    // Each round's p50s: the round-to-round spread a ratio is judged against.
    if (runs.length > 1)
      console.log(
        `  rounds' p50: ${figures.map((key) => `${figureName[key]} ${runs.map((r) => p50(r[key]).toFixed(1)).join(', ')}`).join(' | ')}`,
      );
  }
  const [now, base] = [...results.values()];
  if (now && base) {
    const pooled = (rs: Run[], key: (typeof figures)[number]) => rs.flatMap((r) => r[key]);
    console.log(
      `${dialect} now ÷ base: ${figures
        .map((key) => {
          const rounds = now.map((r, i) => p50(r[key]) / p50(base[i]?.[key] ?? []));
          return `${figureName[key]} p50 ${ratio(p50(pooled(now, key)), p50(pooled(base, key)))} p99 ${ratio(p99(pooled(now, key)), p99(pooled(base, key)))} (p50 by round: ${rounds.map((r) => r.toFixed(2)).join(', ')}; median ${median(rounds).toFixed(2)}×)`;
        })
        .join(' | ')}`,
    );
  }
}
process.exit(0);
