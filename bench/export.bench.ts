// Export of 50,000 customers (docs/PERFORMANCE.md, "Export"): `GET …/exports/customers` as CSV and as
// .xlsx over real HTTP on loopback, read to the end by the client, on SQLite and PostgreSQL. Target:
// ≤ 5 s each. Also the server's heap growth during the download (it streams: one page of 1,000 rows
// at a time) and the workspace archive of the same data. Prints the machine's load beside the numbers.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { benchDb } from './support.js';

const customers = 50_000;

for (const dialect of (process.env.BENCH_DIALECTS?.split(',') ?? ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[]) {
  const { db, cleanup } = await benchDb(dialect);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), WEB_DIST: '' };
  const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
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

  const now = Date.now();
  for (let i = 0; i < customers; i += 500) {
    const rows = Array.from({ length: Math.min(500, customers - i) }, (_, k) => {
      const n = i + k;
      const name = `Customer ${String(n).padStart(6, '0')}, "Haus ${n % 97}"`;
      return {
        id: randomUUID(),
        workspace_id: workspaceId,
        name,
        email: `c${n}@example.test`,
        phone: `+49 30 ${1_000_000 + n}`,
        address: `Straße ${n % 500}, 10${String(n % 1000).padStart(3, '0')} Berlin`,
        lat: 52.4 + (n % 1000) / 5000,
        lng: 13.3 + (n % 777) / 5000,
        notes: n % 10 === 0 ? `Gate code ${n}\nRing twice` : '',
        sort_name: name.toLowerCase(),
        search_text: name.toLowerCase(),
        version: 1,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
    });
    await db.kysely.insertInto('customers').values(rows).execute();
  }

  const measure = async (label: string, path: string) => {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }, 50);
    const t0 = performance.now();
    const res = await fetch(`${address}/api/v1/workspaces/${workspaceId}${path}`, { headers: { cookie } });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    const ms = performance.now() - t0;
    clearInterval(sampler);
    console.log(
      `${dialect.padEnd(8)} ${label.padEnd(22)} ${res.status} ${(ms / 1000).toFixed(2)} s  ${(bytes / 1024 ** 2).toFixed(1)} MB  heap +${((heapPeak - heapBefore) / 1024 ** 2).toFixed(0)} MB (client and server share the process)`,
    );
  };
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  await measure(`${customers} customers CSV`, '/exports/customers?format=csv');
  await measure(`${customers} customers CSV;`, '/exports/customers?format=csv-excel');
  await measure(`${customers} customers xlsx`, '/exports/customers?format=xlsx');
  await measure('workspace archive', '/archive');
  console.log(
    `load average after:  ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await app.close();
  await cleanup();
}
