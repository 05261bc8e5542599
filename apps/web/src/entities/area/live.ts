import type { Area } from '@fieldplan/shared';
import { type EntityChange, entityChange, type LiveDispatch, type LiveEntry } from '../../base/live-registry';
import { areasApi } from './endpoints';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The workspace's service areas (one list, by name). */
export function applyArea(workspaceId: string, change: EntityChange<Area>) {
  return (dispatch: LiveDispatch) => {
    const area = change.entity;
    dispatch(
      areasApi.util.updateQueryData('listAreas', workspaceId, (list) => {
        const rest = list.filter((a) => a.id !== change.id);
        return area ? [...rest, area].sort(byName) : rest;
      }),
    );
  };
}

export const areaLive: LiveEntry<'area'> = {
  entity: 'area',
  apply: (change, { workspaceId }) => applyArea(workspaceId, entityChange(change)),
  resync: ['Area'],
};
