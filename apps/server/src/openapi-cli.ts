// `npm run openapi -w apps/server -- <file>`: writes the API document, exactly as
// `GET /api/openapi.json` serves it, built from the app on a throwaway SQLite database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrate, openDb } from './db/database.js';

const out = process.argv[2];
if (!out) {
  console.error('usage: openapi-cli <output.json>');
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-openapi-'));
const db = openDb(`sqlite:${path.join(dir, 'openapi.sqlite')}`);
try {
  await migrate(db);
  // The environment's defaults, without this machine's own settings changing the document.
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), WEB_DIST: '' };
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
