import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../src/version.js';
import { Client, createTestApp, signUpOwner, type TestContext, testDialect } from './harness.js';
import { expectProblem, listRoutes, ws } from './helpers.js';

interface Operation {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: object; required?: string[] } }> };
  responses: Record<string, { description: string }>;
}
interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('system routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('GET /healthz → 200 ok', async () => {
    const res = await ctx.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz → 200 ready, naming the database', async () => {
    const res = await ctx.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: testDialect });
  });

  it('GET /api/v1/config answers the public configuration without a session', async () => {
    const res = await new Client(ctx.app).get('/api/v1/config');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      version,
      demo: true,
      maps: {
        googleApiKey: null,
        googleScriptBase: 'https://maps.googleapis.com',
        tileUrlTemplate: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        tileAttribution: '© OpenStreetMap contributors',
      },
      // The embedded realtime server on this origin (realtime-external.test.ts for PUSHER_*).
      realtime: {
        key: expect.stringMatching(/^fp[0-9a-f]{20}$/),
        wsHost: null,
        wsPort: null,
        forceTLS: false,
        cluster: 'fieldplan',
      },
      // Error reporting off without SENTRY_DSN; no fault routes (monitoring-reports.test.ts).
      monitoring: null,
      faults: false,
      // The travel model's defaults.
      travel: { detourFactor: 1.3, speedKmh: 30 },
    });
  });

  it('GET /api/v1/config hands the browser the Google key, the script origin and the tile defaults', async () => {
    const env = {
      GOOGLE_MAPS_API_KEY: 'browser-key',
      GOOGLE_MAPS_SCRIPT_URL: 'http://127.0.0.1:9999/',
      TILE_URL_TEMPLATE: 'https://tiles.example/{z}/{x}/{y}.png',
      TILE_ATTRIBUTION: '© Example',
    };
    const custom = await createTestApp({ env });
    try {
      expect((await custom.app.inject('/api/v1/config')).json().maps).toEqual({
        googleApiKey: 'browser-key',
        googleScriptBase: 'http://127.0.0.1:9999',
        tileUrlTemplate: 'https://tiles.example/{z}/{x}/{y}.png',
        tileAttribution: '© Example',
      });
    } finally {
      await custom.close();
    }
  });

  it('FIELDPLAN_DEMO=0 shows in the config', async () => {
    const off = await createTestApp({ env: { FIELDPLAN_DEMO: '0' } });
    try {
      expect((await off.app.inject('/api/v1/config')).json().demo).toBe(false);
    } finally {
      await off.close();
    }
  });

  describe('GET /api/openapi.json', () => {
    let doc: OpenApiDoc;
    beforeAll(async () => {
      const res = await ctx.app.inject('/api/openapi.json');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      doc = res.json();
    });

    it('is an OpenAPI 3 document', () => {
      expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
      expect(doc.info.title).toBe('Fieldplan API');
      expect(doc.info.version).toBe(version);
      expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    });

    it('is well formed: path templates, declared path parameters, responses, resolvable refs', () => {
      for (const [path, item] of Object.entries(doc.paths)) {
        expect(path).toMatch(/^\//);
        expect(path, 'Fastify-style :params must become {params}').not.toMatch(/\/:/);
        const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        for (const [method, op] of Object.entries(item)) {
          expect(httpMethods, `${path}: ${method}`).toContain(method);
          const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
          expect(pathParams.map((p) => p.name).sort(), `${method} ${path}`).toEqual([...templated].sort());
          for (const p of pathParams) expect(p.required).toBe(true);
          for (const p of op.parameters ?? []) expect(['path', 'query', 'header', 'cookie']).toContain(p.in);
          const codes = Object.keys(op.responses ?? {});
          expect(codes.length, `${method} ${path} documents no response`).toBeGreaterThan(0);
          for (const code of codes) {
            expect(code).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
            expect(typeof op.responses[code]?.description).toBe('string');
          }
        }
      }
      const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] ?? '');
      for (const ref of refs) {
        const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
        expect(section && name && doc.components?.[section]?.[name], `unresolved ${ref}`).toBeTruthy();
      }
    });

    it('lists every /api/v1 route the app registered, and nothing else', () => {
      const registered = listRoutes(ctx.app)
        .filter((r) => r.url.startsWith('/api/v1/'))
        .map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
        .sort();
      const documented = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/api/v1/'))
        .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`))
        .sort();
      // A sanity check on reading the route tree.
      expect(registered).toEqual(
        expect.arrayContaining([
          'post /api/v1/auth/sign-up',
          'get /api/v1/me',
          'patch /api/v1/workspaces/{ws}/members/{id}',
          'post /api/v1/invitations/{token}/accept',
        ]),
      );
      // listRoutes leaves HEAD out (Fastify adds one to every GET); a HEAD operation of its own is documented
      // and must be a route.
      const heads = documented.filter((key) => key.startsWith('head '));
      expect(heads).toEqual(['head /api/v1/workspaces/{ws}/photos/{photoId}/upload']);
      for (const key of heads) {
        const url = key.slice('head '.length).replace(/\{(\w+)\}/g, ':$1');
        expect(ctx.app.hasRoute({ method: 'HEAD', url }), key).toBe(true);
      }
      expect(documented.filter((key) => !heads.includes(key))).toEqual(registered);
    });

    it('documents request bodies from the shared zod schemas (required fields, unknown keys refused)', () => {
      const signUp = doc.paths['/api/v1/auth/sign-up']?.post?.requestBody?.content['application/json']?.schema;
      expect(signUp?.required?.sort()).toEqual(['email', 'name', 'password', 'workspaceName']);
      expect(signUp).toEqual(expect.objectContaining({ additionalProperties: false }));
      const patch = doc.paths['/api/v1/workspaces/{ws}']?.patch?.requestBody?.content['application/json']?.schema;
      expect(Object.keys(patch?.properties ?? {}).sort()).toEqual(
        [
          'dateFormat',
          'defaultJobMinutes',
          'keepPhotoLocation',
          'language',
          'map',
          'name',
          'slug',
          'timeFormat',
          'timeZone',
          'weekStart',
          'workingHours',
        ].sort(),
      );
      expect(doc.paths['/api/v1/auth/sign-up']?.post?.responses['202']).toBeDefined();
    });

    it('describes the session cookie as the security scheme', () => {
      expect(doc.components?.securitySchemes).toEqual({
        session: { type: 'apiKey', in: 'cookie', name: 'fp_session' },
      });
    });
  });

  it('an unknown /api route → 404 problem+json', async () => {
    const owner = await signUpOwner(ctx.app);
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/nope'],
      ['GET', '/api/v2/me'],
      ['GET', '/api'],
      ['DELETE', ws(owner.workspaceId)],
      ['PUT', ws(owner.workspaceId)],
      ['GET', ws(owner.workspaceId, '/jobs-that-do-not-exist-yet')],
      ['GET', '/api/v1/me/extra'],
    ] as const) {
      const res = await owner.client.request(method, url);
      const problem = expectProblem(res, 404, 'not_found');
      expect(problem.detail).toContain(url.split('?')[0]);
    }
  });

  it('without a web build, non-API paths are 404 problem+json too', async () => {
    expectProblem(await ctx.app.inject('/w/abc/dispatch'), 404, 'not_found');
  });

  it('every answer carries an x-request-id; a well-formed incoming one is kept, a bad one replaced', async () => {
    const urls = ['/healthz', '/readyz', '/api/v1/config', '/api/v1/me', '/api/v1/nope', '/api/openapi.json'];
    const ids = new Set<string>();
    for (const url of urls) {
      const res = await ctx.app.inject(url);
      const id = res.headers['x-request-id'];
      expect(typeof id, url).toBe('string');
      expect(String(id).length).toBeGreaterThanOrEqual(8);
      ids.add(String(id));
    }
    expect(ids.size).toBe(urls.length);
    const kept = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-abc-12345' } });
    expect(kept.headers['x-request-id']).toBe('trace-abc-12345');
    const replaced = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
  });

  it('errors also carry the x-request-id and the security headers', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expectProblem(res, 400, 'validation_failed');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });
});
