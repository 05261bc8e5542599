// A full visit record (docs/PERFORMANCE.md, "Work record"): one visit with 200 notes, 5 checklists of
// 50 answered items each and a signature, read with `GET …/record` by 4 clients at once, beside
// `GET …/jobs/:id` on the same job; and the completion check, asked by a refused `completed` (one
// required item left empty, so nothing changes between calls). Target: the record's p99 ≤ 250 ms and
// the refused completion's p99 ≤ 250 ms on a shared machine. SQLite and PostgreSQL, real HTTP on loopback.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { benchDb, fmt, load, percentile } from './support.js';

const notes = 200;
const checklists = 5;
const itemsEach = 50;
const calls = 400;
const concurrency = 4;
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

for (const dialect of (process.env.BENCH_DIALECTS?.split(',') ?? ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[]) {
  const { db, cleanup } = await benchDb(dialect);
  await seedDemo(db);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), WEB_DIST: '' };
  const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const signIn = await fetch(`${address}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email: 'dispatcher@demo.test', password: 'fieldplan-demo' }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const me = (await signIn.json()) as { memberships: { workspaceId: string }[] };
  const ws = `${address}/api/v1/workspaces/${me.memberships[0]?.workspaceId}`;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${ws}${path}`, {
      method,
      headers: {
        cookie,
        origin: address,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown> };
  };
  const jobs = (await call('GET', '/jobs?limit=50')).json() as {
    items: { id: string; rrule: string | null; status: string }[];
  };
  const job = jobs.items.find((j) => !j.rrule && j.status === 'scheduled');
  if (!job) throw new Error('the demo has no scheduled one-off job');

  // The fixture: templates attached by hand, every item answered but the very last, a signature, the notes.
  const templateIds: string[] = [];
  for (let t = 0; t < checklists; t += 1) {
    const items = Array.from({ length: itemsEach }, (_, i) => ({
      id: `i${i}`,
      label: `Item ${i}`,
      kind: 'text',
      required: true,
    }));
    const made = await call('POST', '/checklist-templates', {
      name: `Bench ${t}`,
      titlePattern: null,
      items,
      signature: 'required',
    });
    templateIds.push(String(made.json().id));
  }
  await call('PUT', `/jobs/${job.id}/checklists`, { templateIds });
  for (const [t, templateId] of templateIds.entries()) {
    const last = t === templateIds.length - 1 ? itemsEach - 1 : itemsEach;
    const answers = Object.fromEntries(Array.from({ length: last }, (_, i) => [`i${i}`, `Answer ${i}`]));
    const res = await call('PUT', `/jobs/${job.id}/checklists/${templateId}/answers`, { answers });
    if (res.status !== 200) throw new Error(`answers: ${res.status}`);
  }
  await call('PUT', `/jobs/${job.id}/signature`, {
    name: 'Anna Schmidt',
    image: png,
    signedAt: new Date().toISOString(),
  });
  for (let n = 0; n < notes; n += 1) {
    await call('POST', `/jobs/${job.id}/notes`, { id: randomUUID(), body: `Note ${n}: ${'text '.repeat(40)}` });
  }
  const version = String((await call('GET', `/jobs/${job.id}`)).json().version);

  const getJob = async () => {
    if ((await call('GET', `/jobs/${job.id}`)).status !== 200) throw new Error('job');
  };
  const getRecord = async () => {
    if ((await call('GET', `/jobs/${job.id}/record`)).status !== 200) throw new Error('record');
  };
  const refusedCompletion = async () => {
    const res = await call('POST', `/jobs/${job.id}/status`, { status: 'completed' }, { 'if-match': version });
    if (res.status !== 409) throw new Error(`completion: ${res.status}`);
  };

  await load(getRecord, 40, concurrency); // warm-up
  const line = (name: string, values: number[]) =>
    `${dialect.padEnd(8)} ${name.padEnd(44)} p50 ${fmt(percentile(values, 50))}  p99 ${fmt(percentile(values, 99))}  (${values.length})`;
  console.log(line('GET job (baseline)', await load(getJob, calls, concurrency)));
  console.log(
    line(`GET record (${notes} notes, ${checklists}×${itemsEach} items)`, await load(getRecord, calls, concurrency)),
  );
  console.log(line('refused completion (the completion check)', await load(refusedCompletion, calls, concurrency)));
  await app.close();
  await cleanup();
}
