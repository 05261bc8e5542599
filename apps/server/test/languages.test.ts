import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type Owner, signUpOwner, type TestContext } from './harness.js';
import { expectFieldError, expectProblem, ws } from './helpers.js';
import { createCustomer, createTeam, ifMatch, type Team } from './schedule-helpers.js';

// Whose language (docs/adr/0042-languages.md): a user's own, the workspace's for its customers, and a
// customer's own.

describe('languages', () => {
  let ctx: TestContext;
  let team: Team;
  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
  });
  afterAll(() => ctx.close());

  const me = async (owner: Pick<Owner, 'client'>) => (await owner.client.get('/api/v1/me')).json();

  it('a user picks their language, on every device, and can go back to the browser’s', async () => {
    const { tech1 } = team;
    expect((await me(tech1)).user.language).toBeNull();
    const set = await tech1.client.patch('/api/v1/me', { language: 'de' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user.language).toBe('de');
    expect(set.json().memberships).toHaveLength(1);
    expect((await me(tech1)).user.language).toBe('de');
    // Another user is untouched.
    expect((await me(team.dispatcher)).user.language).toBeNull();
    const cleared = await tech1.client.patch('/api/v1/me', { language: null });
    expect(cleared.json().user.language).toBeNull();
  });

  it('refuses a language not shipped, a missing one or another field, by name', async () => {
    const { owner } = team;
    expect(expectFieldError(await owner.client.patch('/api/v1/me', { language: 'fr' }), 'language')).toContain(
      'en, de',
    );
    expectFieldError(await owner.client.patch('/api/v1/me', {}), 'language');
    expectProblem(await owner.client.patch('/api/v1/me', { language: 'de', name: 'x' }), 400, 'validation_failed');
    expect((await me(owner)).user.language).toBeNull();
    expectProblem(await new Client(ctx.app).patch('/api/v1/me', { language: 'de' }), 401, 'unauthenticated');
  });

  it('a new workspace speaks its owner’s browser language to customers; English when it ships none of them', async () => {
    const german = await signUpOwner(ctx.app, 'Greta', { headers: { 'accept-language': 'de-AT,de;q=0.9' } });
    expect((await german.client.get(ws(german.workspaceId))).json().language).toBe('de');
    const french = await signUpOwner(ctx.app, 'Fleur', { locale: 'fr-FR' });
    expect((await french.client.get(ws(french.workspaceId))).json().language).toBe('en');
  });

  it('the owner sets the workspace’s language; a bad one is refused by field; a dispatcher may not', async () => {
    const { owner, dispatcher } = team;
    const res = await owner.client.patch(ws(owner.workspaceId), { language: 'de' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().language).toBe('de');
    expectFieldError(await owner.client.patch(ws(owner.workspaceId), { language: 'german' }), 'language');
    expect((await dispatcher.client.patch(ws(owner.workspaceId), { language: 'en' })).statusCode).toBe(403);
    expect((await owner.client.get(ws(owner.workspaceId))).json().language).toBe('de');
  });

  it('a customer may have their own language; null follows the workspace', async () => {
    const { dispatcher } = team;
    const customer = await createCustomer(dispatcher, { language: 'de' });
    expect(customer.language).toBe('de');
    const plain = await createCustomer(dispatcher);
    expect(plain.language).toBeNull();
    const path = ws(dispatcher.workspaceId, `/customers/${customer.id}`);
    const patched = await dispatcher.client.patch(path, { language: null }, ifMatch(customer.version));
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().language).toBeNull();
    const kept = await dispatcher.client.patch(path, { notes: 'Gate code 4711' }, ifMatch(patched.json().version));
    expect(kept.json().language).toBeNull();
    expectFieldError(await dispatcher.client.patch(path, { language: 'xx' }, ifMatch(kept.json().version)), 'language');
  });
});
