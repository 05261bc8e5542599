import type { LiveEntity } from '../../realtime/live-entity.js';
import type { ImportRow } from './presenter.js';
import { findImport } from './queries.js';
import { present } from './service.js';

/**
 * An import's progress as a change (docs/adr/0034-import.md): one per chunk of rows and per batch of
 * geocoding, never one per customer, so every open screen learns of the import without a flood and
 * refetches the lists it shows once the import's counts move.
 */
export const importLive: LiveEntity<'import', ImportRow> = {
  load: ({ db, workspaceId }, id) => findImport(db, workspaceId, id),
  present: (row, { db }) => present(db, row),
};
