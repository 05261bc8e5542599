#!/usr/bin/env node
// `npm run lint:openapi`: builds the API document from the app and lints it with Redocly's
// recommended rules (redocly.yaml) and Spectral's OpenAPI rules (spectral-lint.mjs); any Redocly error
// or Spectral warning fails. Offline: no telemetry, no update check.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-openapi-lint-'));
const file = path.join(dir, 'openapi.json');
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
};
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (command, args) => spawnSync(command, args, { cwd: root, env, stdio: 'inherit' }).status ?? 1;

let status = run(bin('tsx'), [path.join(root, 'apps/server/src/openapi-cli.ts'), file]);
if (status === 0) {
  status = run(bin('redocly'), ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish']);
}
if (status === 0) status = run(process.execPath, [path.join(root, 'scripts/spectral-lint.mjs'), file]);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(status);
