import type { Notification, NotificationSettings, NotificationSettingsInput } from '@fieldplan/shared';
import { api } from '../../base/api';

const wsPath = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}`;

/** Customer notifications: the workspace's settings and templates, a job's sent messages, resend. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationSettings: build.query<NotificationSettings, string>({
      query: (workspaceId) => `${wsPath(workspaceId)}/notification-settings`,
      providesTags: (_r, _e, workspaceId) => [{ type: 'Workspace', id: `notifications-${workspaceId}` }],
    }),
    saveNotificationSettings: build.mutation<
      NotificationSettings,
      { workspaceId: string; version: number; body: NotificationSettingsInput }
    >({
      query: ({ workspaceId, version, body }) => ({
        url: `${wsPath(workspaceId)}/notification-settings`,
        method: 'PUT',
        body,
        headers: { 'if-match': `"${version}"` },
      }),
      invalidatesTags: (_r, _e, { workspaceId }) => [{ type: 'Workspace', id: `notifications-${workspaceId}` }],
    }),
    /** `version` only keys the cache: a job that changed (booked, moved, en route) asks again. */
    jobNotifications: build.query<Notification[], { workspaceId: string; jobId: string; version: number }>({
      query: ({ workspaceId, jobId }) => `${wsPath(workspaceId)}/jobs/${encodeURIComponent(jobId)}/notifications`,
      providesTags: (_r, _e, { jobId }) => [{ type: 'Job', id: `notifications-${jobId}` }],
    }),
    resendNotification: build.mutation<Notification, { workspaceId: string; jobId: string; id: string }>({
      query: ({ workspaceId, jobId, id }) => ({
        url: `${wsPath(workspaceId)}/jobs/${encodeURIComponent(jobId)}/notifications/${encodeURIComponent(id)}/resend`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { jobId }) => [{ type: 'Job', id: `notifications-${jobId}` }],
    }),
  }),
});

export const {
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  useJobNotificationsQuery,
  useResendNotificationMutation,
} = notificationsApi;
