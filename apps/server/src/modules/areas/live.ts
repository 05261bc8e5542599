import type { LiveEntity } from '../../realtime/live-entity.js';
import { type AreaRow, presentArea } from './presenter.js';
import { findArea } from './queries.js';

/** A service area's changes carry the area as the API presents it. */
export const areaLive: LiveEntity<'area', AreaRow> = {
  load: ({ db, workspaceId }, id) => findArea(db, workspaceId, id),
  present: (row) => presentArea(row),
};
