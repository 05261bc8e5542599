import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUpOwner, testDialect } from './harness.js';
import { expectProblem, ws } from './helpers.js';
import { parsePrometheusText, sampleValue } from './prometheus-text.js';
import {
  connected,
  connectPusher,
  createLiveApp,
  eventually,
  type LiveApp,
  signedIn,
  subscribed,
} from './realtime-harness.js';

const scrape = async (live: LiveApp) => {
  const res = await live.app.inject('/metrics');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(res.body);
};

describe('GET /metrics', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await createLiveApp();
  });
  afterAll(() => live.close());

  it('parses as Prometheus text and counts the requests this test made, by route pattern', async () => {
    const owner = await signUpOwner(live.app);
    const labels = { method: 'GET', route: '/api/v1/workspaces/:ws/customers', status_class: '2xx' };
    const count = 'fieldplan_http_request_duration_seconds_count';
    const before = sampleValue(await scrape(live), count, labels) ?? 0;
    for (let i = 0; i < 3; i += 1)
      expect((await owner.client.get(ws(owner.workspaceId, '/customers'))).statusCode).toBe(200);
    expectProblem(await owner.client.get(ws('not-a-workspace', '/customers')), 404);
    const after = await scrape(live);
    expect(sampleValue(after, count, labels)).toBe(before + 3);
    expect(sampleValue(after, count, { ...labels, status_class: '4xx' })).toBe(1);
    // Buckets are cumulative and end at +Inf = _count; the concrete URL appears nowhere.
    const buckets = after.filter(
      (s) =>
        s.name === 'fieldplan_http_request_duration_seconds_bucket' &&
        s.labels.route === labels.route &&
        s.labels.status_class === '2xx',
    );
    expect(buckets.at(-1)?.labels.le).toBe('+Inf');
    expect(buckets.at(-1)?.value).toBe(before + 3);
    for (let i = 1; i < buckets.length; i += 1)
      expect(buckets[i]?.value).toBeGreaterThanOrEqual(buckets[i - 1]?.value ?? 0);
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes(owner.workspaceId)))).toBe(false);
    // Unknown paths share one label, so junk URLs can't grow the series without bound.
    await owner.client.get('/api/v1/no/such/thing/at/all');
    expect(
      sampleValue(await scrape(live), count, { route: '(unmatched)', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports event-loop lag and the process defaults', async () => {
    const samples = await scrape(live);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('reports realtime connections and frames in and out', async () => {
    const owner = await signUpOwner(live.app);
    const before = await scrape(live);
    const framesIn = sampleValue(before, 'fieldplan_realtime_messages_total', { direction: 'in' }) ?? 0;
    const framesOut = sampleValue(before, 'fieldplan_realtime_messages_total', { direction: 'out' }) ?? 0;
    expect(sampleValue(before, 'fieldplan_realtime_connections')).toBe(0);

    const pusher = connectPusher(live, owner.client);
    try {
      await connected(pusher);
      await signedIn(pusher);
      await subscribed(pusher, `private-workspace-${owner.workspaceId}`);
      const during = await scrape(live);
      expect(sampleValue(during, 'fieldplan_realtime_connections')).toBe(1);
      // At least pusher:signin and pusher:subscribe in; connection_established, signin_success, subscription_succeeded out.
      expect(sampleValue(during, 'fieldplan_realtime_messages_total', { direction: 'in' })).toBeGreaterThanOrEqual(
        framesIn + 2,
      );
      expect(sampleValue(during, 'fieldplan_realtime_messages_total', { direction: 'out' })).toBeGreaterThanOrEqual(
        framesOut + 3,
      );
    } finally {
      pusher.disconnect();
    }
    await eventually(
      async () => sampleValue(await scrape(live), 'fieldplan_realtime_connections') === 0,
      5000,
      'disconnect',
    );
  });

  it(`reports the database pool on PostgreSQL, nothing on SQLite (${testDialect})`, async () => {
    const samples = await scrape(live);
    const total = sampleValue(samples, 'fieldplan_db_pool_connections', { state: 'total' });
    if (testDialect === 'postgres') {
      expect(total).toBeGreaterThanOrEqual(1);
      expect(sampleValue(samples, 'fieldplan_db_pool_connections', { state: 'waiting' })).toBe(0);
      expect(sampleValue(samples, 'fieldplan_db_pool_max_connections')).toBe(10);
    } else {
      expect(total).toBeUndefined();
    }
  });

  it('is refused to other hosts and to requests a proxy forwarded', async () => {
    expectProblem(await live.app.inject({ url: '/metrics', remoteAddress: '203.0.113.5' }), 403, 'forbidden');
    expectProblem(
      await live.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.5' } }),
      403,
      'forbidden',
    );
    expectProblem(
      await live.app.inject({ url: '/metrics', headers: { forwarded: 'for=203.0.113.5' } }),
      403,
      'forbidden',
    );
    expectProblem(
      await live.app.inject({ url: '/metrics', headers: { authorization: 'Bearer guess' } }),
      403,
      'forbidden',
    );
    expect((await live.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789';
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => ctx.close());

  it('answers any host presenting the token, refuses a wrong one even locally', async () => {
    const remote = new Client(ctx.app, { remoteAddress: '203.0.113.9' });
    const res = await remote.get('/metrics', { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(parsePrometheusText(res.body).length).toBeGreaterThan(0);
    expectProblem(await remote.get('/metrics'), 403, 'forbidden');
    expectProblem(await remote.get('/metrics', { authorization: `Bearer ${token}x` }), 403, 'forbidden');
    expectProblem(await ctx.app.inject({ url: '/metrics', headers: { authorization: 'Basic abc' } }), 403, 'forbidden');
    expect((await ctx.app.inject('/metrics')).statusCode).toBe(200);
  });
});
