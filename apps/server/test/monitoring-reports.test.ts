import * as Sentry from '@sentry/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUpOwner, type TestContext } from './harness.js';
import { expectProblem, ws } from './helpers.js';
import { type SentryEnvelope, type SentryIngest, startSentryIngest } from './sentry-ingest.js';

const eventOf = (e: SentryEnvelope) =>
  e.items.find((i) => i.header.type === 'event')?.payload as Record<string, unknown> | undefined;
const eventEnvelopes = (ingest: SentryIngest) => ingest.envelopes.filter((e) => eventOf(e) !== undefined);

describe('server errors reach the error-reporting service', () => {
  let ingest: SentryIngest;
  let ctx: TestContext;
  beforeAll(async () => {
    ingest = await startSentryIngest();
    ctx = await createTestApp({
      env: {
        SENTRY_DSN: ingest.dsn,
        SENTRY_ENVIRONMENT: 'ci',
        SENTRY_RELEASE: 'fieldplan@test-release',
        FIELDPLAN_FAULT_INJECTION: '1',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await ingest.close();
  });

  it('the config hands the browser the DSN, the tunnel and the fault switch', async () => {
    const body = (await ctx.app.inject('/api/v1/config')).json();
    expect(body.monitoring).toEqual({
      dsn: ingest.dsn,
      tunnel: '/api/monitoring',
      environment: 'ci',
      release: 'fieldplan@test-release',
      sampleRate: 1,
      tracesSampleRate: 0,
    });
    expect(body.faults).toBe(true);
  });

  it('a 500 is reported with release, environment, route pattern and ids, without personal data', async () => {
    const owner = await signUpOwner(ctx.app, 'Zelda Quintessa');
    const res = await owner.client.get(ws(owner.workspaceId, '/debug/fail'));
    const problem = expectProblem(res, 500, 'internal');
    expect(problem.reference).toMatch(/^[0-9a-f]{32}$/);
    expect(problem.detail).toContain(problem.reference);

    const envelope = await ingest.waitFor((e) => e.header.event_id === problem.reference);
    const event = eventOf(envelope);
    expect(event).toEqual(
      expect.objectContaining({
        event_id: problem.reference,
        release: 'fieldplan@test-release',
        environment: 'ci',
        transaction: 'GET /api/v1/workspaces/:ws/debug/fail',
        user: { id: owner.userId },
        request: { method: 'GET', url: '/api/v1/workspaces/:ws/debug/fail' },
      }),
    );
    expect(event?.tags).toEqual(
      expect.objectContaining({
        route: '/api/v1/workspaces/:ws/debug/fail',
        workspace_id: owner.workspaceId,
        status: 500,
        request_id: res.headers['x-request-id'],
      }),
    );
    const values = (event?.exception as { values: { type: string; value: string }[] } | undefined)?.values ?? [];
    expect(values.at(-1)).toEqual(
      expect.objectContaining({
        type: 'InjectedFault',
        value: `Injected fault for [email] in workspace ${owner.workspaceId}`,
      }),
    );
    // Nowhere in the raw envelope: the email (even its local part), the name, the session cookie.
    const [localPart] = owner.email.split('@');
    for (const secret of [
      owner.email,
      localPart ?? owner.email,
      'Zelda',
      'Quintessa',
      ...owner.client.cookies.values(),
    ]) {
      expect(envelope.raw).not.toContain(secret);
    }
  });

  it('the signed-out fault route answers 500 with the reported event id as reference', async () => {
    const res = await new Client(ctx.app).get('/api/v1/debug/fail');
    const problem = expectProblem(res, 500, 'internal');
    const event = eventOf(await ingest.waitFor((e) => e.header.event_id === problem.reference));
    expect(event).toEqual(expect.objectContaining({ transaction: 'GET /api/v1/debug/fail' }));
    expect(event?.user).toBeUndefined();
  });

  it('4xx answers are not reported', async () => {
    const owner = await signUpOwner(ctx.app);
    const other = await signUpOwner(ctx.app);
    const before = eventEnvelopes(ingest).length;
    expectProblem(await owner.client.get('/api/v1/nope'), 404, 'not_found');
    expectProblem(await owner.client.get(ws(other.workspaceId, '/debug/fail')), 404, 'not_found');
    expectProblem(await owner.client.post('/api/v1/auth/sign-in', { email: 'x' }), 400, 'validation_failed');
    expectProblem(await new Client(ctx.app).get('/api/v1/me'), 401, 'unauthenticated');
    await Sentry.flush(5000);
    expect(eventEnvelopes(ingest).length).toBe(before);
  });
});

describe('without a DSN', () => {
  it('a 500 still carries a 32-hex reference; the config says monitoring is off', async () => {
    const ctx = await createTestApp({ env: { FIELDPLAN_FAULT_INJECTION: '1' } });
    try {
      const problem = expectProblem(await ctx.app.inject('/api/v1/debug/fail'), 500, 'internal');
      expect(problem.reference).toMatch(/^[0-9a-f]{32}$/);
      const config = (await ctx.app.inject('/api/v1/config')).json();
      expect(config).toEqual(expect.objectContaining({ monitoring: null, faults: true }));
    } finally {
      await ctx.close();
    }
  });

  it('without FIELDPLAN_FAULT_INJECTION the fault routes do not exist', async () => {
    const ctx = await createTestApp();
    try {
      expectProblem(await ctx.app.inject('/api/v1/debug/fail'), 404, 'not_found');
      expect((await ctx.app.inject('/api/v1/config')).json()).toEqual(
        expect.objectContaining({ monitoring: null, faults: false }),
      );
    } finally {
      await ctx.close();
    }
  });
});
