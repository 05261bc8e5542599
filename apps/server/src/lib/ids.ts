import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** ISO 8601 instant for an epoch-millisecond value. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** The columns a new versioned row of a workspace starts with: its id (a fresh one unless given), version 1, made now. */
export function newRowOf(workspaceId: string, now: number, id: string = newId()) {
  return { id, workspace_id: workspaceId, version: 1, created_at: now, updated_at: now };
}
