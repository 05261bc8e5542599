import type { LiveEntity } from '../../realtime/live-entity.js';
import { presentPhoto } from './presenter.js';
import type { PhotoRow } from './queries.js';
import { photoEntity } from './service.js';

/** A photo's changes: the photo as the API shows it (every member may read photos); an unfinished upload is not live. */
export const photoLive: LiveEntity<'photo', PhotoRow> = {
  load: ({ db, workspaceId }, id) => photoEntity.find(db, workspaceId, id),
  present: (row) => presentPhoto(row),
};
