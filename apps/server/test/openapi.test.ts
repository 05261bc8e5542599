import { errorStatus } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationDescriptions } from '../src/http/openapi/descriptions.js';
import { operations } from '../src/http/openapi/operations.js';
import { apiTags } from '../src/http/openapi/tags.js';
import { Client, createTestApp, signUpOwner, type TestContext } from './harness.js';
import { expectProblem } from './helpers.js';

// The API document is complete enough to generate a client from: every operation names itself,
// says who may call it and lists the problem+json answers it can give — and says what the server does.

interface Response {
  description: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: unknown;
  responses: Record<string, Response>;
}
interface OpenApiDoc {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, { enum?: string[] }> }> };
}

const problemRef = '#/components/schemas/Problem';

describe('the OpenAPI document', () => {
  let ctx: TestContext;
  let doc: OpenApiDoc;
  let ops: { key: string; method: string; path: string; op: Operation }[];
  beforeAll(async () => {
    ctx = await createTestApp();
    doc = (await ctx.app.inject('/api/openapi.json')).json();
    ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })),
    );
  });
  afterAll(() => ctx.close());

  const op = (key: string): Operation => {
    const found = ops.find((o) => o.key === key)?.op;
    if (!found) throw new Error(`${key} is not in the document`);
    return found;
  };
  const statuses = (key: string) => Object.keys(op(key).responses).sort();

  it('every operation has a unique operationId, a summary, security and problem+json error answers', () => {
    expect(ops.length).toBeGreaterThan(50);
    const ids = new Set<string>();
    for (const { key, op } of ops) {
      expect(op.operationId, `${key}: operationId`).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId ?? ''), `${key}: operationId ${op.operationId} used twice`).toBe(false);
      ids.add(op.operationId ?? '');
      expect(op.summary?.trim().length, `${key}: summary`).toBeGreaterThan(0);
      expect(Array.isArray(op.security), `${key}: security`).toBe(true);
      const codes = Object.keys(op.responses);
      expect(
        codes.some((c) => /^2\d\d$/.test(c)),
        `${key}: a success answer`,
      ).toBe(true);
      expect(codes, `${key}: a 500 problem`).toContain('500');
      // A probe's own 503 is the one error answer that is not a problem.
      const errors = codes.filter((c) => Number(c) >= 400 && !(key === 'GET /readyz' && c === '503'));
      for (const code of errors) {
        const answer = op.responses[code];
        expect(answer?.description.length, `${key} ${code}`).toBeGreaterThan(0);
        expect(answer?.content?.['application/problem+json']?.schema?.$ref, `${key} ${code}`).toBe(problemRef);
      }
      // Node's parser refuses an over-long URL or headers before any route: every operation.
      expect(codes, `${key}: 431`).toContain('431');
    }
  });

  it('the operations table and the routes agree: no route without facts, no facts without a route', () => {
    expect(ops.map((o) => o.key).sort()).toEqual(Object.keys(operations).sort());
  });

  it('every operation says what it does and has tags, each declared with a description (Spectral’s oas rules)', () => {
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
    for (const { key, op } of ops) {
      const where = 'its route schema or http/openapi/descriptions.ts';
      expect(Boolean(op.description?.trim()), `${key}: a description in ${where}`).toBe(true);
      expect(op.tags ?? [], `${key}: tags`).not.toEqual([]);
      for (const tag of op.tags ?? []) {
        expect(Boolean(declared.get(tag)), `${key}: tag "${tag}" described in http/openapi/tags.ts`).toBe(true);
      }
    }
    // No stale entries: each described tag is used, and each listed description is for an operation.
    expect([...declared.keys()].sort()).toEqual(Object.keys(apiTags).sort());
    for (const key of Object.keys(operationDescriptions)) expect(Object.keys(operations), key).toContain(key);
  });

  it('with the test-only fault routes on, the document is the same API (they are left out)', async () => {
    const faulty = await createTestApp({ env: { FIELDPLAN_FAULT_INJECTION: '1' } });
    try {
      const other: OpenApiDoc = (await faulty.app.inject('/api/openapi.json')).json();
      const keys = Object.entries(other.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(keys.sort()).toEqual(Object.keys(operations).sort());
    } finally {
      await faulty.close();
    }
  });

  it('session operations carry the session scheme, public ones none', () => {
    expect(op('GET /api/v1/workspaces/{ws}/jobs').security).toEqual([{ session: [] }]);
    expect(op('POST /api/realtime/auth').security).toEqual([{ session: [] }]);
    for (const key of [
      'POST /api/v1/auth/sign-in',
      'POST /api/v1/auth/sign-up',
      'GET /api/v1/config',
      'GET /api/v1/invitations/{token}',
      'GET /ical/{file}',
      'GET /api/v1/track/{token}',
      'GET /healthz',
      'GET /readyz',
      'POST /api/monitoring',
    ]) {
      expect(op(key).security, key).toEqual([]);
    }
    // Optional: works without a session, and does something else with one.
    expect(op('POST /api/v1/auth/sign-out').security).toEqual([{}, { session: [] }]);
    expect(op('POST /api/v1/invitations/{token}/accept').security).toEqual([{}, { session: [] }]);
  });

  it("each operation's error statuses follow from its route: input, session, permission, ids, If-Match, body, limits, database", () => {
    expect(statuses('PATCH /api/v1/workspaces/{ws}/jobs/{id}')).toEqual(
      ['200', '400', '401', '403', '404', '412', '413', '415', '431', '500', '503'].sort(),
    );
    expect(statuses('POST /api/v1/workspaces/{ws}/jobs/{id}/status')).toContain('409');
    expect(statuses('GET /api/v1/workspaces/{ws}/jobs')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '431',
      '500',
      '503',
    ]);
    expect(statuses('GET /api/v1/me')).toEqual(['200', '401', '431', '500', '503']);
    expect(statuses('POST /api/v1/auth/sign-in')).toEqual([
      '200',
      '400',
      '403',
      '413',
      '415',
      '429',
      '431',
      '500',
      '503',
    ]);
    expect(statuses('GET /api/v1/invitations/{token}')).toEqual([
      '200',
      '400',
      '404',
      '410',
      '429',
      '431',
      '500',
      '503',
    ]);
    expect(statuses('GET /healthz')).toEqual(['200', '431', '500']);
    const ifMatch = op('DELETE /api/v1/workspaces/{ws}/customers/{id}').parameters?.find((p) => p.in === 'header');
    expect(ifMatch).toEqual(expect.objectContaining({ name: 'If-Match', required: true }));
    expect(Object.keys(op('GET /ical/{file}').responses['429']?.headers ?? {})).toEqual(['Retry-After']);
    expect(Object.keys(op('GET /api/v1/me').responses['503']?.headers ?? {})).toEqual(['Retry-After']);
  });

  it('answers that are not JSON or not problems are described as they are', () => {
    expect(Object.keys(op('GET /ical/{file}').responses['200']?.content ?? {})).toEqual(['text/calendar']);
    expect(statuses('GET /ical/{file}')).toContain('304');
    const ready = op('GET /readyz').responses;
    for (const code of ['200', '503']) {
      expect(ready[code]?.content?.['application/json']?.schema, code).toEqual(
        expect.objectContaining({ required: ['status', 'database'] }),
      );
    }
  });

  it('the problem schema is the catalogue: its fields, its codes', () => {
    const schema = doc.components.schemas.Problem;
    expect(schema?.required?.sort()).toEqual(['code', 'detail', 'status', 'title', 'type']);
    expect(Object.keys(schema?.properties ?? {})).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'code', 'detail', 'errors', 'reference']),
    );
    expect(schema?.properties?.code?.enum?.sort()).toEqual(Object.keys(errorStatus).sort());
  });

  it('names the server it describes (relative, so any installation)', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('says what the server does: every session operation answers 401 without one, whatever its input', async () => {
    const anonymous = new Client(ctx.app);
    const sessionOps = ops.filter((o) => JSON.stringify(o.op.security) === '[{"session":[]}]');
    expect(sessionOps.length).toBeGreaterThan(40);
    for (const { key, method, path } of sessionOps) {
      const url = path.replace(/\{\w+\}/g, 'x');
      const body = method === 'get' || method === 'delete' || method === 'head' ? undefined : { unexpected: true };
      const res = await anonymous.request(method.toUpperCase() as 'GET', url, body);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(401);
      // A HEAD answer has the problem's headers but never a body.
      if (method === 'head') expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      else expectProblem(res, 401, 'unauthenticated');
    }
  });

  it('and public ones answer without a session (never 401)', async () => {
    const anonymous = new Client(ctx.app);
    const publicOps = ops.filter((o) => JSON.stringify(o.op.security) !== '[{"session":[]}]');
    for (const { key, method, path } of publicOps) {
      const url = path.replace(/\{\w+\}/g, 'x');
      const body = method === 'get' ? undefined : {};
      const res = await anonymous.request(method.toUpperCase() as 'GET', url, body);
      expect(res.statusCode, `${key}: ${res.body}`).not.toBe(401);
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('operations documented as 204 answer 204', async () => {
    expect(statuses('POST /api/v1/auth/sign-out')).toContain('204');
    expect(statuses('POST /api/v1/auth/sign-out')).not.toContain('200');
    const owner = await signUpOwner(ctx.app);
    expect((await owner.client.post('/api/v1/auth/sign-out')).statusCode).toBe(204);
  });
});
