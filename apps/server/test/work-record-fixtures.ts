import type { ChecklistTemplate, Job, VisitRecord } from '@fieldplan/shared';
import { expect } from 'vitest';
import { type Res, type WorkspaceCaller, ws } from './helpers.js';
import { createJob } from './schedule-helpers.js';

/** A 1×1 PNG, as a phone's signature pad would send it (data URL). */
export const pngDataUrl =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** `?occurrence=…` for a recurring job's visit, nothing for a one-off job. */
export const visitQuery = (occurrence?: string) => (occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : '');

export const put = (caller: WorkspaceCaller, path: string, body: unknown, headers?: Record<string, string>) =>
  caller.client.request('PUT', ws(caller.workspaceId, path), body, headers);

export const boilerTemplate = (overrides: Record<string, unknown> = {}) => ({
  name: 'Boiler safety',
  titlePattern: 'boiler',
  items: [
    { id: 'gas', label: 'Gas pressure checked', kind: 'check', required: true },
    { id: 'reading', label: 'Flue reading', kind: 'number', unit: 'ppm', required: true },
    { id: 'state', label: 'Condition', kind: 'choice', choices: ['good', 'worn', 'unsafe'] },
    { id: 'remarks', label: 'Remarks', kind: 'text' },
  ],
  signature: 'required',
  ...overrides,
});

export async function createTemplate(caller: WorkspaceCaller, overrides: Record<string, unknown> = {}) {
  const res = await caller.client.post(ws(caller.workspaceId, '/checklist-templates'), boilerTemplate(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChecklistTemplate;
}

/** A scheduled one-off job assigned to `technicianId`. */
export function createVisitJob(caller: WorkspaceCaller, technicianId: string, overrides: Record<string, unknown> = {}) {
  return createJob(caller, {
    start: '2026-03-02T08:00:00Z',
    end: '2026-03-02T09:00:00Z',
    assigneeIds: [technicianId],
    ...overrides,
  }) as Promise<Job>;
}

export async function getRecord(caller: WorkspaceCaller, jobId: string, occurrence?: string): Promise<VisitRecord> {
  const res = await caller.client.get(ws(caller.workspaceId, `/jobs/${jobId}/record${visitQuery(occurrence)}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VisitRecord;
}

export function postNote(
  caller: WorkspaceCaller,
  jobId: string,
  body: Record<string, unknown>,
  occurrence?: string,
): Promise<Res> {
  return caller.client.post(ws(caller.workspaceId, `/jobs/${jobId}/notes${visitQuery(occurrence)}`), body);
}
