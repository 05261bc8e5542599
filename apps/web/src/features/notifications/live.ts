import type { LiveEntry } from '../../base/live-registry';
import { notificationsApi } from './endpoints';

/**
 * Another screen saved the notification settings or changed an opt-out (docs/adr/0020, ADR 29): the
 * change carries no templates (every member reads the channel), so an open Settings screen reads them again.
 */
export const notificationSettingsLive: LiveEntry<'notification_settings'> = {
  entity: 'notification_settings',
  apply:
    (_change, { workspaceId }) =>
    (dispatch) =>
      dispatch(notificationsApi.util.invalidateTags([{ type: 'Workspace', id: `notifications-${workspaceId}` }])),
  resync: ['Workspace'],
};
