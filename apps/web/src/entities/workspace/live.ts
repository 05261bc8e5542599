import { changedEntity, type Workspace } from '@fieldplan/shared';
import type { LiveDispatch, LiveEntry } from '../../base/live-registry';
import type { RootState } from '../../base/root-state';
import { authApi } from '../session/endpoints';
import { workspaceApi } from './endpoints';

/**
 * The workspace's settings, and its name in `/me` (the switcher). A new slug of the workspace on
 * screen reloads the page at its new address: `/me` and the URL must change together.
 */
export function applyWorkspace(workspace: Workspace, currentSlug: string | null) {
  return (dispatch: LiveDispatch, getState: () => RootState) => {
    const before = authApi.endpoints.getMe
      .select()(getState())
      .data?.memberships.find((m) => m.workspaceId === workspace.id);
    if (before && before.workspaceSlug !== workspace.slug && currentSlug === before.workspaceSlug) {
      window.location.replace(
        window.location.pathname.replace(`/w/${before.workspaceSlug}`, `/w/${workspace.slug}`) + window.location.search,
      );
      return;
    }
    dispatch(workspaceApi.util.updateQueryData('getWorkspace', workspace.id, () => workspace));
    dispatch(
      authApi.util.updateQueryData('getMe', undefined, (me) => {
        for (const m of me.memberships) {
          if (m.workspaceId !== workspace.id) continue;
          m.workspaceName = workspace.name;
          m.workspaceSlug = workspace.slug;
        }
      }),
    );
  };
}

export const workspaceLive: LiveEntry<'workspace'> = {
  entity: 'workspace',
  apply:
    (change, { workspaceId, viewer }) =>
    (dispatch: LiveDispatch) => {
      const workspace = changedEntity(change);
      if (workspace && workspace.id === workspaceId) dispatch(applyWorkspace(workspace, viewer.slug));
    },
  resync: ['Workspace', 'Me'],
};
