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
 */
import { once } from 'node:events';
import type { ChangeEvent, Job } from '@fieldplan/shared';
import { sql } from 'kysely';
import Pusher from 'pusher-js';
import { benchDb, fmt, percentile, startFieldplan } from './support.js';

const CLIENTS = Number(process.env.REALTIME_APP_BENCH_CLIENTS ?? 200);
const EVENTS = Number(process.env.REALTIME_APP_BENCH_EVENTS ?? 100);

async function run(dialect: 'sqlite' | 'postgres') {
  const { db, cleanup } = await benchDb(dialect);
  const url = dialect === 'postgres' ? await postgresUrlOf(db) : await sqliteUrlOf(db);
  await db.close();
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
          customHandler: ({ socketId, channelName }, callback) => {
            fetch(`${origin}/api/realtime/auth`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie },
              body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }).toString(),
            })
              .then(async (res) => callback(null, (await res.json()) as { auth: string }))
              .catch((err: Error) => callback(err, null));
          },
        },
      });
      clients.push(pusher);
      const channel = pusher.subscribe(`private-workspace-${ws}`);
      channel.bind('change', (event: ChangeEvent) => {
        const list = arrivals.get(event.seq) ?? [];
        list.push(performance.now());
        arrivals.set(event.seq, list);
      });
      await new Promise((resolve) => channel.bind('pusher:subscription_succeeded', resolve));
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
  console.log(
    `${dialect.padEnd(8)} ${CLIENTS} clients × ${EVENTS} writes: PATCH p50 ${fmt(percentile(write, 50))} p99 ${fmt(percentile(write, 99))}` +
      ` | first client p50 ${fmt(percentile(first, 50))} p99 ${fmt(percentile(first, 99))}` +
      ` | last client p50 ${fmt(percentile(last, 50))} p99 ${fmt(percentile(last, 99))} | lost ${lost}`,
  );
  for (const pusher of clients) pusher.disconnect();
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
  await cleanup();
}

/** The URL of a bench database (the child process opens it on its own). */
async function postgresUrlOf(db: Awaited<ReturnType<typeof benchDb>>['db']): Promise<string> {
  const row = await db.kysely
    .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
    .executeTakeFirstOrThrow();
  const url = new URL(process.env.FIELDPLAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${row.name}`;
  return url.toString();
}

async function sqliteUrlOf(db: Awaited<ReturnType<typeof benchDb>>['db']): Promise<string> {
  const list = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
    db.kysely,
  );
  return `sqlite:${list.rows[0]?.file ?? ''}`;
}

for (const dialect of ['sqlite', 'postgres'] as const) await run(dialect);
