import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run lint:deps` fails the build on these rules; this proves each one reports a deliberate
// violation (and lets the allowed imports through) on a small tree laid out like apps/server/src.
const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as IConfiguration;

const fixture: Record<string, string> = {
  'modules/jobs/index.ts': "export { loadJob } from './queries.js';\n",
  'modules/jobs/queries.ts': 'export const loadJob = 1;\n',
  'modules/jobs/service.ts': "import { loadJob } from './queries.js';\nexport const job = loadJob;\n",
  'modules/jobs/service.test.ts': "import { loadJob } from './queries.js';\nexport const t = loadJob;\n",
  // Allowed: another module through the door.
  'modules/tracking/service.ts': "import { loadJob } from '../jobs/index.js';\nexport const s = loadJob;\n",
  // Forbidden: another module's queries.
  'modules/tracking/view.ts': "import { loadJob } from '../jobs/queries.js';\nexport const v = loadJob;\n",
  // Forbidden: outside the modules, past the door.
  'app.ts': "import { job } from './modules/jobs/service.js';\nexport const a = job;\n",
  'db/seed/demo.ts': "import { loadJob } from '../../modules/jobs/index.js';\nexport const d = loadJob;\n",
  'realtime/publisher.ts': 'export const publish = 1;\n',
  // Forbidden: the database layer calling up into realtime.
  'db/changes.ts': "import { publish } from '../realtime/publisher.js';\nexport const c = publish;\n",
  // Forbidden: two modules that import each other, even only for types.
  'modules/areas/index.ts': "import type { Place } from '../places/index.js';\nexport type Area = { near: Place[] };\n",
  'modules/places/index.ts': "import type { Area } from '../areas/index.js';\nexport type Place = { in: Area[] };\n",
  // Forbidden: the database layer importing HTTP, and HTTP importing the error reporting built on it.
  'errors/app-error.ts': 'export class AppError extends Error {}\n',
  'http/app-error.ts': 'export class HttpError extends Error {}\n',
  'db/versioned.ts':
    "import { AppError } from '../errors/app-error.js';\nimport { HttpError } from '../http/app-error.js';\nexport const v = [AppError, HttpError];\n",
  'monitoring/reporter.ts': 'export const report = 1;\n',
  // Forbidden: lib/ reading the database (allowed: lib/ using errors/ and itself).
  'db/schema.ts': 'export type Database = { n: number };\n',
  'lib/ids.ts': 'export const newId = () => 1;\n',
  'lib/rows.ts':
    "import type { Database } from '../db/schema.js';\nimport { AppError } from '../errors/app-error.js';\nimport { newId } from './ids.js';\nexport const r = (d: Database) => [d, AppError, newId];\n",
  'http/problem.ts': "import { report } from '../monitoring/reporter.js';\nexport const p = report;\n",
};

// The web's cycles, on a small tree laid out like apps/web/src: the store importing the live list
// whose entries took the store's types (type-only), and two features taking each other's parts
// through their doors. Neither breaks a layer rule; only the cycle rule sees them.
const webFixture: Record<string, string> = {
  'base/store-types.ts': 'export type AppDispatch = (action: unknown) => void;\n',
  'app/store.ts':
    "import { live } from './live-entities';\nexport type AppDispatch = (action: unknown) => void;\nexport const store = live;\n",
  'app/live-entities.ts': "import { jobLive } from '../entities/job/live';\nexport const live = [jobLive];\n",
  'entities/job/live.ts':
    "import type { AppDispatch } from '../../app/store';\nexport const jobLive = (d: AppDispatch) => d(1);\n",
  // Allowed: the same type taken from base/.
  'entities/area/live.ts':
    "import type { AppDispatch } from '../../base/store-types';\nexport const areaLive = (d: AppDispatch) => d(1);\n",
  'features/map/index.ts': "export { FieldMap } from './FieldMap';\n",
  'features/map/FieldMap.ts': "import { Labels } from '../places';\nexport const FieldMap = [Labels];\n",
  'features/places/index.ts': "export { Labels, PinPicker } from './PinPicker';\n",
  'features/places/PinPicker.ts':
    "import { FieldMap } from '../map';\nexport const Labels = 1;\nexport const PinPicker = () => FieldMap;\n",
};

let root = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fieldplan-deps-'));
  const trees = [
    ['apps/server/src', fixture],
    ['apps/web/src', webFixture],
  ] as const;
  for (const [dir, files] of trees) {
    for (const [file, source] of Object.entries(files)) {
      const path = join(root, dir, file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, source);
    }
  }
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

async function violations(dir = 'apps/server/src') {
  const { forbidden } = config;
  const result = await cruise([dir], {
    ...config.options,
    ...(forbidden ? { ruleSet: { forbidden } } : {}),
    validate: true,
    baseDir: root,
  });
  if (typeof result.output === 'string') throw new Error('expected a cruise result, not a report');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('module boundary rules', () => {
  it('report a deep import across modules, a module internal used from outside, db importing realtime or http, http importing monitoring, lib importing db, and an import cycle', async () => {
    expect(await violations()).toEqual([
      'no-circular: apps/server/src/modules/areas/index.ts → apps/server/src/modules/places/index.ts',
      'server-db-knows-no-http: apps/server/src/db/versioned.ts → apps/server/src/http/app-error.ts',
      'server-db-knows-no-realtime: apps/server/src/db/changes.ts → apps/server/src/realtime/publisher.ts',
      'server-http-knows-no-monitoring: apps/server/src/http/problem.ts → apps/server/src/monitoring/reporter.ts',
      'server-lib-stands-alone: apps/server/src/lib/rows.ts → apps/server/src/db/schema.ts',
      'server-module-deep-import: apps/server/src/modules/tracking/view.ts → apps/server/src/modules/jobs/queries.ts',
      'server-module-internals: apps/server/src/app.ts → apps/server/src/modules/jobs/service.ts',
    ]);
  });

  it('report an import cycle in the web app, type-only or through feature doors', async () => {
    expect(await violations('apps/web/src')).toEqual([
      // The planted loop's way back is a type import from app/, which the layer rule refuses too.
      'web-lower-layers-know-no-app: apps/web/src/entities/job/live.ts → apps/web/src/app/store.ts',
      'web-no-circular: apps/web/src/app/live-entities.ts → apps/web/src/entities/job/live.ts',
      'web-no-circular: apps/web/src/features/map/FieldMap.ts → apps/web/src/features/places/index.ts',
    ]);
  });

  it('fail at error severity, so the lint step fails the build', () => {
    const rules = config.forbidden ?? [];
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(rule.severity).toBe('error');
  });
});
