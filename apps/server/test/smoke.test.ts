import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestContext } from './harness.js';

describe('health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers healthz and readyz', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('signs up an owner into a new workspace', async () => {
    const owner = await signUpOwner(ctx.app);
    const me = await owner.client.get('/api/v1/me');
    expect(me.json().memberships[0].role).toBe('owner');
  });
});
