import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { Client, createTestDb, signUpOwner, uniqueEmail } from './harness.js';
import { createInvitation, expectProblem, ws } from './helpers.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

/** The app logging to memory: every JSON line pino writes, as text and parsed. */
async function appWithLogs() {
  const { db, cleanup } = await createTestDb();
  const raw: string[] = [];
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', FIELDPLAN_FAULT_INJECTION: '1' }),
    WEB_DIST: '',
  };
  const app = await buildApp({ config, db, signInPerMinute: 1000, logStream: { write: (line) => raw.push(line) } });
  await app.ready();
  return {
    app,
    raw,
    lines: () => raw.map((l) => JSON.parse(l) as LogLine),
    close: async () => {
      await app.close();
      await cleanup();
    },
  };
}

describe('request logs', () => {
  let ctx: Awaited<ReturnType<typeof appWithLogs>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    ctx = await appWithLogs();
    app = ctx.app;
  });
  afterAll(() => ctx.close());

  it('one JSON line per request: request id, route pattern, status, duration, workspace and user ids', async () => {
    const owner = await signUpOwner(app, 'Loggy McLogface');
    const res = await owner.client.get(ws(owner.workspaceId, '/customers?q=Karl-Marx-Allee'));
    expect(res.statusCode).toBe(200);
    const line = ctx.lines().find((l) => l.msg === 'request completed' && l.reqId === res.headers['x-request-id']);
    expect(line).toEqual(
      expect.objectContaining({
        level: 30,
        method: 'GET',
        route: '/api/v1/workspaces/:ws/customers',
        url: `/api/v1/workspaces/${owner.workspaceId}/customers`,
        status: 200,
        durationMs: expect.any(Number),
        workspaceId: owner.workspaceId,
        userId: owner.userId,
      }),
    );
    const signedOut = await new Client(app).get('/api/v1/me');
    expect(ctx.lines().find((l) => l.reqId === signedOut.headers['x-request-id'])).toEqual(
      expect.objectContaining({ route: '/api/v1/me', status: 401, workspaceId: null, userId: null }),
    );
    // The query (search text) is not logged, nor the name or email of the caller.
    const all = ctx.raw.join('');
    for (const secret of ['Karl-Marx', owner.email, 'Loggy', 'McLogface']) expect(all).not.toContain(secret);
  });

  it('invite, iCal and tracking tokens, cookies, Authorization and realtime auth never reach the log', async () => {
    const owner = await signUpOwner(app);
    const invitee = uniqueEmail('invitee');
    const invitation = await createInvitation(
      { client: owner.client, workspaceId: owner.workspaceId },
      'dispatcher',
      invitee,
    );
    const guest = new Client(app);
    expect((await guest.get(`/api/v1/invitations/${invitation.token}`)).statusCode).toBe(200);
    const accepted = await guest.post(`/api/v1/invitations/${invitation.token}/accept`, {
      name: 'Ivy Invitee',
      password: 'a long enough password',
    });
    expect(accepted.statusCode).toBe(200);
    await guest.get('/ical/feedtoken1234567890.ics');
    await guest.get('/track/tracktoken1234567890');
    await guest.get('/api/v1/me', { authorization: 'Bearer bearertoken1234567890' });
    const auth = await app.inject({
      method: 'POST',
      url: '/api/realtime/auth',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: 'http://localhost:80',
      },
      payload: new URLSearchParams({
        socket_id: '123.456',
        channel_name: `private-workspace-${owner.workspaceId}`,
      }).toString(),
    });
    expect(auth.statusCode, auth.body).toBe(200);
    const signature = (auth.json() as { auth: string }).auth;

    const all = ctx.raw.join('');
    const secrets = [
      invitation.token,
      invitee,
      'Ivy',
      'feedtoken1234567890',
      'tracktoken1234567890',
      'bearertoken1234567890',
      signature,
      signature.split(':')[1] ?? signature,
      ...owner.client.cookies.values(),
      ...guest.cookies.values(),
    ];
    for (const secret of secrets) expect(all, secret).not.toContain(secret);
    const urls = ctx.lines().map((l) => l.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v1/invitations/[redacted]',
        '/api/v1/invitations/[redacted]/accept',
        '/ical/[redacted]',
        '/track/[redacted]',
      ]),
    );
  });

  it('an unexpected error is logged with its reference, its message scrubbed', async () => {
    const owner = await signUpOwner(app);
    const problem = expectProblem(await owner.client.get(ws(owner.workspaceId, '/debug/fail')), 500, 'internal');
    const error = ctx.lines().find((l) => l.msg === 'unhandled error' && l.reference === problem.reference);
    expect(error?.level).toBe(50);
    expect((error?.err as { message: string } | undefined)?.message).toBe(
      `Injected fault for [email] in workspace ${owner.workspaceId}`,
    );
    expect(ctx.raw.join('')).not.toContain(owner.email);
  });
});
