import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOrigin, createTestApp, type Owner, signUpOwner, type TestContext, uniqueEmail } from './harness.js';
import { expectProblem, type Res, ws } from './helpers.js';

/** `{"a":{"a":…}}` nested `depth` objects deep (8,000 deep is ≈ 48 KB; the limit is 256 KB). */
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** `[[[…]]]` nested `depth` arrays deep: 16 KB of brackets for 8,000 levels. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

function post(app: FastifyInstance, url: string, payload: string, owner?: Owner): Promise<Res> {
  const cookie = owner ? [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: appOrigin, 'content-type': 'application/json', ...(cookie && { cookie }) },
  });
}

describe('deeply nested JSON bodies are refused before they cost time', () => {
  let ctx: TestContext;
  let owner: Owner;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUpOwner(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('8,000 levels to sign-up (signed out) → 400 validation_failed naming the limit, not 500', async () => {
    for (const body of [nestedArrays(8000), nestedObjects(8000), `{"name":${nestedArrays(8000)}}`]) {
      const problem = expectProblem(await post(ctx.app, '/api/v1/auth/sign-up', body), 400, 'validation_failed');
      expect(problem.detail).toBe('The request body nests deeper than 64 levels');
    }
  });

  it('8,000 levels to an authenticated route → 400 validation_failed, nothing written', async () => {
    const url = ws(owner.workspaceId, '/customers');
    const before = (await owner.client.get(url)).json() as unknown[];
    const problem = expectProblem(await post(ctx.app, url, `{"name":${nestedObjects(8000)}}`, owner), 400);
    expect(problem.code).toBe('validation_failed');
    expect(problem.detail).toMatch(/nests deeper than 64 levels/);
    expect((await owner.client.get(url)).json()).toEqual(before);
  });

  it('65 levels is refused, 64 levels is parsed and validated as usual', async () => {
    const over = await post(ctx.app, '/api/v1/auth/sign-up', nestedArrays(65));
    expect(expectProblem(over, 400).detail).toMatch(/nests deeper/);
    const at = expectProblem(await post(ctx.app, '/api/v1/auth/sign-up', nestedArrays(64)), 400, 'validation_failed');
    expect(at.detail).not.toMatch(/nests deeper/);
  });

  it('brackets inside strings do not count as nesting', async () => {
    const res = await post(
      ctx.app,
      '/api/v1/auth/sign-up',
      JSON.stringify({
        name: `Bea ${'[{'.repeat(200)} \\" ${'"['.repeat(100)}`.slice(0, 80),
        email: uniqueEmail('bea'),
        password: 'correct horse battery',
        workspaceName: `${'{['.repeat(40)}`,
      }),
    );
    // Accepted (how sign-up answers success is not this test's business), not refused as too deep.
    expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('a NUL character is still refused on its field (the guard walks without recursion)', async () => {
    const body = {
      name: 'Bea',
      email: uniqueEmail('bea'),
      password: 'correct horse battery',
      workspaceName: 'a\u0000b',
    };
    const problem = expectProblem(await post(ctx.app, '/api/v1/auth/sign-up', JSON.stringify(body)), 400);
    expect(problem.errors?.map((e) => e.path)).toEqual(['workspaceName']);
  });
});
