import type { Selectable } from 'kysely';
import type { WorkspacesTable } from '../../db/schema.js';
import type { LiveEntity } from '../../realtime/live-entity.js';
import { presentWorkspace } from './presenter.js';
import { findWorkspace } from './queries.js';

/** The workspace's own changes (settings); a change log never carries another workspace. */
export const workspaceLive: LiveEntity<'workspace', Selectable<WorkspacesTable>> = {
  load: async ({ db, workspaceId }, id) => (id === workspaceId ? findWorkspace(db, id) : undefined),
  present: (row) => presentWorkspace(row),
};
