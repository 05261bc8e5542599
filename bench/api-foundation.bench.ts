// Foundation API latency: GET /api/v1/me and GET …/members with 20 requests in flight, over real
// HTTP on loopback, on SQLite and PostgreSQL. Sign-in cost is dominated by the scrypt KDF by design.
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { benchDb, fmt, load, percentile } from './support.js';

const total = 2000;
const concurrency = 20;

for (const dialect of ['sqlite', 'postgres'] as const) {
  const { db, cleanup } = await benchDb(dialect);
  await seedDemo(db);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), WEB_DIST: '' };
  const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const signIn = async () => {
    const res = await fetch(`${address}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: address },
      body: JSON.stringify({ email: 'dispatcher@demo.test', password: 'fieldplan-demo' }),
    });
    return res;
  };
  const signInTimes = await load(async () => void (await (await signIn()).text()), 20, 2);
  const res = await signIn();
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const me = (await res.json()) as { memberships: { workspaceId: string }[] };
  const ws = me.memberships[0]?.workspaceId;

  const get = (url: string) => async () => {
    const r = await fetch(`${address}${url}`, { headers: { cookie } });
    if (!r.ok) throw new Error(`${url}: ${r.status}`);
    await r.arrayBuffer();
  };
  await load(get('/api/v1/me'), 200, concurrency); // warm-up
  for (const [name, url] of [
    ['GET /api/v1/me', '/api/v1/me'],
    ['GET …/members', `/api/v1/workspaces/${ws}/members`],
  ] as const) {
    const t0 = performance.now();
    const latencies = await load(get(url), total, concurrency);
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `${dialect.padEnd(8)} ${name.padEnd(16)} p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  ${(total / seconds).toFixed(0)} req/s  (${total} requests, ${concurrency} in flight)`,
    );
  }
  console.log(
    `${dialect.padEnd(8)} POST sign-in     p50 ${fmt(percentile(signInTimes, 50))}  (scrypt N=2^15, 2 in flight)`,
  );
  await app.close();
  await cleanup();
}
