import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOrigin, Client, createTestApp, type Owner, signUpOwner, type TestContext, uniqueEmail } from './harness.js';
import { countRows, createInvitation, expectProblem, ws } from './helpers.js';

const evil = 'https://evil.example';

describe('CSRF: writes carrying the session cookie must come from the app itself', () => {
  let ctx: TestContext;
  let owner: Owner;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUpOwner(ctx.app);
  });
  afterAll(() => ctx.close());

  /** What a forged request could change: the workspace, members, invitations, sessions, the log. */
  const snapshot = async () => ({
    workspace: (await owner.client.get(ws(owner.workspaceId))).json(),
    members: (await owner.client.get(ws(owner.workspaceId, '/members'))).json(),
    invitations: (await owner.client.get(ws(owner.workspaceId, '/invitations'))).json(),
    sessions: await countRows(ctx.db, 'sessions'),
    changes: await countRows(ctx.db, 'changes'),
    users: await countRows(ctx.db, 'users'),
  });

  const rename = () => owner.client.patch(ws(owner.workspaceId), { name: 'Pwned' }, headers);
  const writes = () => [
    rename,
    () => owner.client.post(ws(owner.workspaceId, '/invitations'), { email: uniqueEmail('x'), role: 'owner' }, headers),
    () => owner.client.patch(ws(owner.workspaceId, `/members/${owner.memberId}`), { colour: '#000000' }, headers),
    () => owner.client.post('/api/v1/auth/sign-out', undefined, headers),
    () => owner.client.post('/api/v1/auth/sign-in', { email: owner.email, password: owner.password }, headers),
  ];
  let headers: Record<string, string | undefined> = {};

  it('a foreign Origin → 403 forbidden, and nothing changes', async () => {
    const invitation = await createInvitation(owner, 'viewer');
    const before = await snapshot();
    headers = { origin: evil };
    for (const write of writes()) expectProblem(await write(), 403, 'forbidden');
    expectProblem(await owner.client.delete(ws(owner.workspaceId, `/invitations/${invitation.id}`), headers), 403);
    expect(await snapshot()).toEqual(before);
    expect((await owner.client.get('/api/v1/me')).statusCode).toBe(200);
  });

  it('refuses look-alike origins: another scheme, port or subdomain, and "null"', async () => {
    const before = await snapshot();
    for (const origin of [
      'https://localhost:80',
      'https://localhost',
      'http://localhost:8080',
      'http://evil.localhost:80',
      'http://localhost.evil.example',
      'null',
    ]) {
      headers = { origin };
      expectProblem(await rename(), 403, 'forbidden');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('compares serialised origins: the default port may be left out', async () => {
    headers = { origin: 'http://localhost' };
    expect((await rename()).statusCode).toBe(200);
  });

  it('no Origin but a same-origin Referer → allowed', async () => {
    headers = { origin: undefined, referer: `${appOrigin}/w/${owner.workspaceId}/settings?tab=map` };
    const res = await owner.client.patch(ws(owner.workspaceId), { name: 'Renamed via referer' }, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Renamed via referer');
    const invite = await owner.client.post(
      ws(owner.workspaceId, '/invitations'),
      { email: uniqueEmail('r'), role: 'viewer' },
      headers,
    );
    expect(invite.statusCode).toBe(201);
  });

  it('a foreign Referer and no Origin → 403', async () => {
    const before = await snapshot();
    headers = { origin: undefined, referer: `${evil}/attack.html` };
    for (const write of writes()) expectProblem(await write(), 403, 'forbidden');
    headers = { origin: undefined, referer: 'not a url at all' };
    expectProblem(await rename(), 403, 'forbidden');
    expect(await snapshot()).toEqual(before);
  });

  it('neither Origin nor Referer → 403', async () => {
    const before = await snapshot();
    headers = { origin: undefined, referer: undefined };
    for (const write of writes()) expectProblem(await write(), 403, 'forbidden');
    expect(await snapshot()).toEqual(before);
  });

  it('the app origin wins over a same-origin Referer only when Origin is absent', async () => {
    headers = { origin: evil, referer: `${appOrigin}/w/x` };
    expectProblem(await rename(), 403, 'forbidden');
  });

  it('a request without the session cookie is not CSRF-checked: sign-in and sign-up work from anywhere', async () => {
    const stranger = new Client(ctx.app, { origin: evil });
    const signIn = await stranger.post('/api/v1/auth/sign-in', { email: owner.email, password: owner.password });
    expect(signIn.statusCode).toBe(200);
    const noHeaders = new Client(ctx.app, { origin: null });
    const signUp = await noHeaders.post('/api/v1/auth/sign-up', {
      name: 'Far',
      email: uniqueEmail('far'),
      password: 'correct horse battery',
      workspaceName: 'Far Co',
    });
    expect(signUp.statusCode).toBe(202);

    // Once it holds the cookie, the same client is checked.
    const res = await stranger.patch(ws(owner.workspaceId), { name: 'Nope' });
    expectProblem(res, 403, 'forbidden');
  });

  it('accepting an invitation while signed in is checked too', async () => {
    const invitation = await createInvitation(owner, 'viewer');
    const signedIn = await signUpOwner(ctx.app);
    const res = await signedIn.client.post(
      `/api/v1/invitations/${invitation.token}/accept`,
      { name: 'X', password: 'long enough password' },
      { origin: evil },
    );
    expectProblem(res, 403, 'forbidden');
    expect((await new Client(ctx.app).get(`/api/v1/invitations/${invitation.token}`)).statusCode).toBe(200);
  });

  it('GET never changes state, whatever its origin', async () => {
    const invitation = await createInvitation(owner, 'technician');
    const before = await snapshot();
    const foreign = { origin: evil };
    const gets = [
      '/api/v1/me',
      ws(owner.workspaceId),
      ws(owner.workspaceId, '/members'),
      ws(owner.workspaceId, '/invitations'),
      `/api/v1/invitations/${invitation.token}`,
      '/api/v1/config',
      '/api/v1/auth/sign-out',
      `/api/v1/invitations/${invitation.token}/accept`,
      `${ws(owner.workspaceId, `/invitations/${invitation.id}`)}`,
      `${ws(owner.workspaceId, `/members/${owner.memberId}`)}?active=false`,
    ];
    for (const url of gets) {
      const res = await owner.client.get(url, foreign);
      expect(res.statusCode, url).toBeLessThan(500);
      expect([200, 404]).toContain(res.statusCode);
    }
    for (const url of gets)
      expect((await owner.client.request('HEAD', url, undefined, foreign)).statusCode).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
    // The invitation is still usable and the session still works.
    expect((await new Client(ctx.app).get(`/api/v1/invitations/${invitation.token}`)).statusCode).toBe(200);
    expect((await owner.client.get('/api/v1/me')).statusCode).toBe(200);
  });
});
