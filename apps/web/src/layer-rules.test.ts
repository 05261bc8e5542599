// @vitest-environment node
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The web's layer rules in .dependency-cruiser.cjs (CI's `npm run lint:deps`), run on a small tree
// that breaks each of them once next to imports they allow — so a rule that stops matching fails here.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const config: IConfiguration = createRequire(import.meta.url)(path.join(repo, '.dependency-cruiser.cjs'));

const tree: Record<string, string> = {
  'app/store.ts': 'export type RootState = { n: number };\nexport const makeStore = () => 1;\n',
  'features/a/A.ts': "import { b } from '../b/B';\nimport { door } from '../b';\nexport const a = [b, door];\n",
  'features/a/A.test.ts': "import { b } from '../b/B';\nexport const t = b;\n",
  'features/b/B.ts': 'export const b = 1;\n',
  'features/b/index.ts': "export { b as door } from './B';\n",
  'entities/x/X.ts': "import { door } from '../../features/b';\nexport const x = door;\n",
  'entities/x/live.ts':
    "import type { RootState } from '../../app/store';\nimport { r } from '../../realtime/r';\n" +
    'export const live = (s: RootState) => [s, r];\n',
  'realtime/r.ts': "import { x } from '../entities/x/X';\nexport const r = x;\n",
  'components/Z.tsx':
    "import { api } from '../base/api';\nimport { fmt } from '../lib/fmt';\nexport const z = [api, fmt];\n",
  'lib/fmt.ts': 'export const fmt = 1;\n',
  'base/api.ts': 'export const api = 1;\n',
  'base/y.ts':
    "import { makeStore } from '../app/store';\nimport { x } from '../entities/x/X';\nexport const y = [makeStore, x];\n",
};

let dir = '';
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-layers-'));
  for (const [file, text] of Object.entries(tree)) {
    const at = path.join(dir, 'apps/web/src', file);
    await fs.mkdir(path.dirname(at), { recursive: true });
    await fs.writeFile(at, text);
  }
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('web layer rules', () => {
  it('report each forbidden import and none of the allowed ones', async () => {
    const result = await cruise(['apps/web/src'], {
      ruleSet: { forbidden: (config.forbidden ?? []).filter((rule) => rule.name?.startsWith('web-')) },
      validate: true,
      baseDir: dir,
      tsPreCompilationDeps: true,
    });
    if (typeof result.output === 'string') throw new Error('expected a cruise result');
    const found = result.output.summary.violations
      .map((v) => `${v.rule.name}: ${v.from.replace('apps/web/src/', '')} → ${v.to.replace('apps/web/src/', '')}`)
      .sort();
    expect(found).toEqual([
      'web-base-is-the-bottom: base/y.ts → entities/x/X.ts',
      'web-components-and-lib-stand-alone: components/Z.tsx → base/api.ts',
      'web-entities-below-realtime: entities/x/live.ts → realtime/r.ts',
      'web-feature-internals: features/a/A.ts → features/b/B.ts',
      'web-lower-layers-know-no-app: base/y.ts → app/store.ts',
      'web-lower-layers-know-no-app: entities/x/live.ts → app/store.ts',
      'web-lower-layers-know-no-features: entities/x/X.ts → features/b/index.ts',
    ]);
  });
});
