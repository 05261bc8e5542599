import { api } from '../../base/api';
import type { LiveDispatch, LiveEntry } from '../../base/live-registry';
import { importApi } from './endpoints';

/**
 * An import's change (one per chunk of rows, docs/adr/0034-import.md): its progress lands in the
 * wizard's cache, and the customer lists (and, importing jobs, the job views) it filled are read again
 * — once per chunk, never per row.
 */
export const importLive: LiveEntry<'import'> = {
  entity: 'import',
  apply:
    (change, { workspaceId }) =>
    (dispatch: LiveDispatch) => {
      const data = change.data;
      if (!('status' in data)) return;
      dispatch(importApi.util.upsertQueryData('getImport', { workspaceId, id: data.id }, data));
      if (data.created + data.updated > 0 || data.geocodedRows > 0) {
        dispatch(api.util.invalidateTags([{ type: 'Customer', id: `list-${workspaceId}` }]));
      }
      // A jobs import fills the board and the calendar too (its chunks carry no change per job).
      if (data.kind === 'jobs' && data.created > 0) dispatch(api.util.invalidateTags(['Job', 'CalendarEvents']));
    },
  resync: ['Customer', 'Job', 'CalendarEvents'],
};
