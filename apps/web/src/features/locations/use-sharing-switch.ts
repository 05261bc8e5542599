import { can } from '@fieldplan/shared';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { startSharing, stopSharing } from './sharing-actions';
import { type SharingStatus, selectSharing } from './sharing-slice';

/** What a switch says beside it in states that read the same wherever the switch is. */
const sharingProblemMessages: Record<Exclude<SharingStatus, 'off' | 'sharing'>, MessageDescriptor> = defineMessages({
  locating: { id: 'locations.sharing.locating' },
  denied: { id: 'locations.sharing.denied' },
  unsupported: { id: 'locations.sharing.unsupported' },
  failing: { id: 'locations.sharing.failing' },
});

/** A switch's words for every status: its own for off and on, the shared ones for the problems. */
export function sharingStatusMessages(
  own: Record<'off' | 'sharing', MessageDescriptor>,
): Record<SharingStatus, MessageDescriptor> {
  return { ...own, ...sharingProblemMessages };
}

export interface SharingSwitch {
  /** Sharing this workspace's position now. */
  on: boolean;
  /** This workspace's status: sharing in another workspace reads as off here. */
  status: SharingStatus;
  toggle: () => void;
}

/**
 * The one "share my location" state behind every switch for it (the user menu, my day), remembered
 * for the shift (sharing-memory.ts): null for a role that may not share (viewers).
 */
export function useSharingSwitch(): SharingSwitch | null {
  const { workspaceId, role, me } = useWorkspace();
  const sharing = useAppSelector(selectSharing);
  const dispatch = useAppDispatch();
  if (!can(role, 'locations.share')) return null;
  const on = sharing.workspaceId === workspaceId;
  const status: SharingStatus = on ? sharing.status : sharing.workspaceId ? 'off' : sharing.status;
  return { on, status, toggle: () => dispatch(on ? stopSharing() : startSharing(workspaceId, me.user.id)) };
}
