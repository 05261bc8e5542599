import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DuplicatePolicy, Import, ImportPreview } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { appOrigin, type Client } from './harness.js';
import { ws } from './helpers.js';
import { eventually } from './realtime-harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const fixture = (name: string) => fs.readFileSync(path.join(here, 'fixtures/import', name));

export interface Caller {
  client: Client;
  workspaceId: string;
}

/** Sends a file as the upload's body, as the wizard does. */
export function upload(app: FastifyInstance, caller: Caller, fileName: string, bytes: Buffer, kind = 'customers') {
  const cookie = [...caller.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const query = new URLSearchParams({ kind, fileName });
  return app.inject({
    method: 'POST',
    url: ws(caller.workspaceId, `/imports?${query}`),
    headers: { origin: appOrigin, cookie, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}

export async function uploaded(app: FastifyInstance, caller: Caller, fileName: string, bytes: Buffer) {
  const res = await upload(app, caller, fileName, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Import>();
}

export async function preview(caller: Caller, imp: Import, duplicatePolicy: DuplicatePolicy) {
  const res = await caller.client.post(ws(caller.workspaceId, `/imports/${imp.id}/preview`), {
    mapping: imp.mapping,
    duplicatePolicy,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
}

/** Starts the import with its suggested mapping and waits until it is done. */
export async function runImport(caller: Caller, imp: Import, duplicatePolicy: DuplicatePolicy) {
  const res = await caller.client.post(ws(caller.workspaceId, `/imports/${imp.id}/start`), {
    mapping: imp.mapping,
    duplicatePolicy,
  });
  expect(res.statusCode, res.body).toBe(202);
  return finished(caller, imp.id);
}

export async function finished(caller: Caller, id: string): Promise<Import> {
  let last: Import | undefined;
  await eventually(
    async () => {
      last = (await caller.client.get(ws(caller.workspaceId, `/imports/${id}`))).json<Import>();
      return last.status === 'done' || last.status === 'failed';
    },
    // A ceiling, not a measure: a worker thread starting from TypeScript sources on a loaded machine is slow.
    60_000,
    'the import to finish',
  );
  return last as Import;
}
