import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tunnelBodyLimit } from '../src/monitoring/tunnel-routes.js';
import { appOrigin, Client, createTestApp, signUpOwner, type TestContext } from './harness.js';
import { expectProblem } from './helpers.js';
import { type SentryIngest, startSentryIngest } from './sentry-ingest.js';

/** An envelope as the browser SDK sends it: header line, item header, event payload. */
function envelope(dsn: string, eventId: string, message = 'from the browser'): string {
  const header = {
    event_id: eventId,
    sent_at: new Date().toISOString(),
    dsn,
    sdk: { name: 'sentry.javascript.react' },
  };
  return `${JSON.stringify(header)}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ event_id: eventId, message })}\n`;
}

const hex32 = (n: number) => n.toString(16).padStart(32, '0');

describe('POST /api/monitoring, the Sentry tunnel', () => {
  let ingest: SentryIngest;
  let foreign: SentryIngest;
  let ctx: TestContext;
  beforeAll(async () => {
    ingest = await startSentryIngest();
    foreign = await startSentryIngest({ publicKey: 'someoneelse' });
    ctx = await createTestApp({ env: { SENTRY_DSN: ingest.dsn, SENTRY_TUNNEL_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await ctx.close();
    await ingest.close();
    await foreign.close();
  });

  const post = (body: string | Buffer, remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/monitoring',
      payload: body,
      remoteAddress,
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: appOrigin, ...headers },
    });

  it('forwards an envelope for the configured DSN to its ingest, signed out (unchanged when nothing needs scrubbing)', async () => {
    const body = envelope(ingest.dsn, hex32(1));
    const res = await post(body, '198.51.100.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: hex32(1) });
    const received = await ingest.waitFor((e) => e.header.event_id === hex32(1));
    expect(received.raw).toBe(body);
    expect(received.items[0]?.payload).toEqual({ event_id: hex32(1), message: 'from the browser' });
  });

  it('scrubs the envelope again before forwarding: no email, token, cookie or address reaches the ingest', async () => {
    const trackToken = 'Zx9Qm2Lk8Jh7Gf6Ds5Aa4Pp3Oo2Ii1Uu0Yy9Tt8Rr7E';
    const secrets = ['mia.tech@example.test', trackToken, 'sessionvalue123456', 'Torstraße 1, 10119 Berlin'];
    const header = { event_id: hex32(50), sent_at: new Date().toISOString(), dsn: ingest.dsn };
    const event = {
      event_id: hex32(50),
      message: 'Could not save for mia.tech@example.test at Torstraße 1, 10119 Berlin',
      user: { id: 'u_42', email: 'mia.tech@example.test', ip_address: '203.0.113.9' },
      request: {
        url: `https://plan.example.com/track/${trackToken}`,
        headers: { Cookie: 'fp_session=sessionvalue123456', 'User-Agent': 'Firefox' },
      },
      breadcrumbs: [{ category: 'fetch', data: { url: `/api/v1/track/${trackToken}` } }],
      extra: { note: 'session fp_session=sessionvalue123456' },
    };
    const eventJson = JSON.stringify(event);
    // One item with an explicit byte length (as the SDK writes it), one a raw attachment that can't be scrubbed.
    const body = [
      JSON.stringify(header),
      JSON.stringify({ type: 'event', length: Buffer.byteLength(eventJson) }),
      eventJson,
      JSON.stringify({ type: 'attachment', length: 24, filename: 'notes.txt' }),
      'mia.tech@example.test...',
      '',
    ].join('\n');
    const res = await post(body, '198.51.100.9');
    expect(res.statusCode, res.body).toBe(200);
    const received = await ingest.waitFor((e) => e.header.event_id === hex32(50));
    for (const secret of secrets) expect(received.raw).not.toContain(secret);
    expect(received.items.map((i) => i.header.type)).toEqual(['event']);
    const forwarded = received.items[0]?.payload as typeof event;
    expect(forwarded.user).toEqual({ id: 'u_42' });
    expect(forwarded.message).toContain('[email]');
    expect(forwarded.request.url).toBe('https://plan.example.com/track/[redacted]');
    expect(forwarded.request.headers).toEqual({ 'User-Agent': 'Firefox' });
    // The item's length matches the scrubbed payload, so the ingest reads it whole.
    expect(received.items[0]?.header.length).toBe(Buffer.byteLength(received.items[0]?.raw ?? ''));
  });

  it('forwards for a signed-in browser sending its session cookie from the app origin', async () => {
    const owner = await signUpOwner(ctx.app);
    const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await post(envelope(ingest.dsn, hex32(2)), '198.51.100.2', {
      cookie,
      'content-type': 'application/x-sentry-envelope',
    });
    expect(res.statusCode, res.body).toBe(200);
    await ingest.waitFor((e) => e.header.event_id === hex32(2));
    // With the cookie, another origin is refused, as everywhere in the API.
    expectProblem(
      await post(envelope(ingest.dsn, hex32(3)), '198.51.100.2', { cookie, origin: 'https://evil.example' }),
      403,
      'forbidden',
    );
  });

  it('refuses an envelope for another DSN (not an open relay): 403, nothing sent anywhere', async () => {
    const otherProject = ingest.dsn.replace(/\/\d+$/, '/9999');
    const otherKey = ingest.dsn.replace('fieldplantestkey@', 'stolenkey@');
    const otherScheme = ingest.dsn.replace('http://', 'https://');
    for (const [i, dsn] of [foreign.dsn, otherProject, otherKey, otherScheme, 'https://k@sentry.example/1'].entries()) {
      const problem = expectProblem(await post(envelope(dsn, hex32(100 + i)), '198.51.100.3'), 403, 'forbidden');
      expect(problem.detail).toMatch(/only envelopes/i);
    }
    const noDsn = `${JSON.stringify({ event_id: hex32(120) })}\n${JSON.stringify({ type: 'event' })}\n{}\n`;
    expectProblem(await post(noDsn, '198.51.100.4'), 403, 'forbidden');
    expect(foreign.envelopes).toHaveLength(0);
    const refused = new Set([0, 1, 2, 3, 4, 20].map((i) => hex32(100 + i)));
    expect(ingest.envelopes.filter((e) => refused.has(String(e.header.event_id)))).toEqual([]);
  });

  it('refuses a body that is not an envelope: 400', async () => {
    expectProblem(await post('not json at all', '198.51.100.5'), 400, 'validation_failed');
    expectProblem(await post('', '198.51.100.5', { 'content-type': 'text/plain' }), 400, 'validation_failed');
  });

  it(`refuses a body over ${tunnelBodyLimit / 1024} KB: 413`, async () => {
    const big = envelope(ingest.dsn, hex32(200), 'x'.repeat(tunnelBodyLimit));
    const problem = expectProblem(await post(big, '198.51.100.6'), 413, 'payload_too_large');
    expect(problem.detail).toContain('1024 KB');
    expect(ingest.envelopes.some((e) => e.header.event_id === hex32(200))).toBe(false);
  });

  it('limits envelopes per client address: 429 with Retry-After, other addresses unaffected', async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < 5; i += 1) {
      expect((await post(envelope(ingest.dsn, hex32(300 + i)), address)).statusCode).toBe(200);
    }
    const limited = await post(envelope(ingest.dsn, hex32(310)), address);
    const problem = expectProblem(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(problem.retryAfter).toBe(Number(limited.headers['retry-after']));
    expect((await post(envelope(ingest.dsn, hex32(311)), '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('POST /api/monitoring without a DSN', () => {
  it('is 404', async () => {
    const ctx = await createTestApp();
    try {
      const res = await new Client(ctx.app).post('/api/monitoring', undefined, { 'content-type': 'text/plain' });
      expectProblem(res, 404, 'not_found');
    } finally {
      await ctx.close();
    }
  });
});
