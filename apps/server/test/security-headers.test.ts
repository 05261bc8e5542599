import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestContext } from './harness.js';
import type { Res } from './helpers.js';
import { createTeam } from './schedule-helpers.js';
import { linksOf, moveTo, tokenOf, visitNow } from './tracking-fixtures.js';

/** The directives of a Content-Security-Policy header: name → its sources. */
function csp(res: Res): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, `no CSP on ${res.raw.req.url}`).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** What a strict page policy must hold whatever the configuration. */
function expectStrictPage(res: Res) {
  const policy = csp(res);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts).toContain("'self'");
  for (const loose of ["'unsafe-inline'", "'unsafe-eval'", 'data:', 'blob:', 'https:', '*']) {
    expect(scripts).not.toContain(loose);
  }
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('connect-src')).toContain("'self'");
  return policy;
}

function webDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'track.html'), '<!doctype html><title>track</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'book.html'), '<!doctype html><title>book</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  return dist;
}

describe('security headers on every answer (plain http, embedded realtime, no Google key)', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = webDist();
    ctx = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('the app’s pages: a strict CSP, geolocation for the app itself only, no HSTS over http', async () => {
    const client = new Client(ctx.app);
    for (const url of ['/', '/login', '/w/some-workspace/schedule', '/sw.js']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(200);
      const policy = expectStrictPage(res);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      // Leaflet and FullCalendar set style attributes and inject <style>: styles may be inline, scripts never.
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:']));
      expect(policy.get('worker-src')).toEqual(["'self'"]);
      expect(res.headers['permissions-policy']).toMatch(/(^|, )geolocation=\(self\)(,|$)/);
      expect(res.headers['permissions-policy']).toMatch(/(^|, )camera=\(\)(,|$)/);
      expect(res.headers['permissions-policy']).toMatch(/(^|, )microphone=\(\)(,|$)/);
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('the customer’s tracking page: no geolocation, no referrer, not embeddable', async () => {
    const res = await new Client(ctx.app).get('/track/some-token-value');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>track</title>');
    expectStrictPage(res);
    expect(res.headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)(,|$)/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('the public booking page may be framed by any site; its scripts stay strict and nothing else is framed', async () => {
    const client = new Client(ctx.app);
    const res = await client.get('/book/some-workspace');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>book</title>');
    const policy = csp(res);
    expect(policy.get('frame-ancestors')).toEqual(['*']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)(,|$)/);
    // Only /book/…: a path that merely starts with "book", the app and the public booking API stay unframeable.
    for (const url of ['/bookings', '/w/x/requests', '/api/public/book/some-workspace']) {
      const other = await client.get(url);
      expect(csp(other).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(other.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('API answers (JSON, problems, health) carry a policy that loads nothing', async () => {
    const client = new Client(ctx.app);
    for (const url of ['/api/v1/config', '/api/v1/nothing-here', '/healthz', '/api/v1/auth/me']) {
      const res = await client.get(url);
      const policy = csp(res);
      expect(policy.get('default-src'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['permissions-policy'], url).toBeTruthy();
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
  });

  it('the tracking API keeps its own Referrer-Policy: no-referrer', async () => {
    const team = await createTeam(ctx.app);
    const job = await visitNow(team);
    await moveTo(team, job, 'en_route');
    const [link] = await linksOf(team, job.id);
    if (!link) throw new Error('no tracking link');
    const res = await new Client(ctx.app, { origin: null }).get(`/api/v1/track/${tokenOf(link)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(csp(res).get('default-src')).toEqual(["'none'"]);
  });
});

describe('security headers follow the configuration', () => {
  it('https PUBLIC_URL: HSTS on pages and API answers, WebSockets to the public host allowed', async () => {
    const dist = webDist();
    const ctx = await createTestApp({ webDist: dist, env: { PUBLIC_URL: 'https://plan.example.com' } });
    try {
      for (const url of ['/', '/track/abc', '/api/v1/config']) {
        const res = await ctx.app.inject({ url, headers: { origin: 'https://plan.example.com' } });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
      const page = await ctx.app.inject('/');
      expect(csp(page).get('connect-src')).toEqual(["'self'", 'wss://plan.example.com']);
      // Served over https, plain-http images would be mixed content: only https ones.
      expect(csp(page).get('img-src')).not.toContain('http:');
    } finally {
      await ctx.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('an external realtime service and a Google key: their origins, and only theirs, are allowed', async () => {
    const dist = webDist();
    const ctx = await createTestApp({
      webDist: dist,
      env: {
        PUSHER_APP_ID: '1',
        PUSHER_KEY: 'key',
        PUSHER_SECRET: 'secret',
        PUSHER_HOST: 'realtime.example.net',
        PUSHER_PORT: '6001',
        PUSHER_TLS: '1',
        GOOGLE_MAPS_API_KEY: 'test-key',
        GOOGLE_MAPS_SCRIPT_URL: 'http://127.0.0.1:4545/',
      },
    });
    try {
      const app = expectStrictPage(await ctx.app.inject('/'));
      expect(app.get('script-src')).toEqual(["'self'", 'http://127.0.0.1:4545']);
      expect(app.get('connect-src')).toEqual(["'self'", 'wss://realtime.example.net:6001', 'http://127.0.0.1:4545']);
      // The customer's page uses neither Google nor anything but its own realtime.
      const track = expectStrictPage(await ctx.app.inject('/track/abc'));
      expect(track.get('script-src')).toEqual(["'self'"]);
      expect(track.get('connect-src')).toEqual(["'self'", 'wss://realtime.example.net:6001']);
    } finally {
      await ctx.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
