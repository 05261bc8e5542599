import type { ChangeEvent } from '@fieldplan/shared';
import { api } from '../base/api';
import type { LiveEntry, LiveExtra, Viewer } from '../base/live-registry';
import type { AppDispatch } from '../base/store-types';

export type { Viewer } from '../base/live-registry';

/**
 * One change from the channel or the catch-up, into the RTK Query caches with no refetch: every
 * registration of its entity applies it, in the registry's order (app/live-entities.ts).
 */
export function applyChange(workspaceId: string, change: ChangeEvent, viewer: Viewer) {
  return (dispatch: AppDispatch, _getState: unknown, { live }: LiveExtra) => {
    for (const entry of live) {
      if (entry.entity !== change.entity) continue;
      // The entity matched: this entry takes exactly this kind of change.
      const own = entry as LiveEntry<typeof change.entity>;
      dispatch(own.apply(change, { workspaceId, viewer }));
    }
  };
}

/** Too much was missed to replay: every cached read of the workspace's data is fetched again. */
export function resyncAll() {
  return (dispatch: AppDispatch, _getState: unknown, { live }: LiveExtra) => {
    const tags = new Set(live.flatMap((entry) => entry.resync ?? []));
    dispatch(api.util.invalidateTags([...tags]));
  };
}
