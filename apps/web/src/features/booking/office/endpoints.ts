import type {
  BookingRequest,
  BookingRequestList,
  BookingService,
  BookingServiceCreate,
  BookingServiceList,
  BookingServicePatch,
  BookingSettings,
  BookingSettingsInput,
} from '@fieldplan/shared';
import { api, versionedWrite } from '../../../base/api';

const wsPath = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/booking`;
/** Online booking in the office: settings, services, and the requests waiting for a decision. */
export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    bookingSettings: build.query<BookingSettings, string>({
      query: (workspaceId) => `${wsPath(workspaceId)}/settings`,
      providesTags: (_r, _e, workspaceId) => [{ type: 'Booking', id: `settings-${workspaceId}` }],
    }),
    saveBookingSettings: build.mutation<
      BookingSettings,
      { workspaceId: string; version: number; body: BookingSettingsInput }
    >({
      query: ({ workspaceId, version, body }) =>
        versionedWrite('PUT', `${wsPath(workspaceId)}/settings`, version, body),
      // Not on a failure: a 412 keeps the edits on screen until the user loads the other version.
      invalidatesTags: (_r, error, { workspaceId }) =>
        error ? [] : [{ type: 'Booking', id: `settings-${workspaceId}` }],
    }),
    bookingServices: build.query<BookingServiceList, string>({
      query: (workspaceId) => `${wsPath(workspaceId)}/services`,
      providesTags: (_r, _e, workspaceId) => [{ type: 'Booking', id: `services-${workspaceId}` }],
    }),
    createBookingService: build.mutation<BookingService, { workspaceId: string; body: BookingServiceCreate }>({
      query: ({ workspaceId, body }) => ({ url: `${wsPath(workspaceId)}/services`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { workspaceId }) => [{ type: 'Booking', id: `services-${workspaceId}` }],
    }),
    updateBookingService: build.mutation<
      BookingService,
      { workspaceId: string; id: string; version: number; body: BookingServicePatch }
    >({
      query: ({ workspaceId, id, version, body }) =>
        versionedWrite('PATCH', `${wsPath(workspaceId)}/services/${encodeURIComponent(id)}`, version, body),
      invalidatesTags: (_r, _e, { workspaceId }) => [{ type: 'Booking', id: `services-${workspaceId}` }],
    }),
    deleteBookingService: build.mutation<void, { workspaceId: string; id: string }>({
      query: ({ workspaceId, id }) => ({
        url: `${wsPath(workspaceId)}/services/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { workspaceId }) => [{ type: 'Booking', id: `services-${workspaceId}` }],
    }),
    bookingRequests: build.query<BookingRequestList, { workspaceId: string; status: 'pending' | 'all' }>({
      query: ({ workspaceId, status }) => `${wsPath(workspaceId)}/requests?status=${status}`,
      providesTags: (_r, _e, { workspaceId }) => [{ type: 'Booking', id: `requests-${workspaceId}` }],
    }),
    decideBookingRequest: build.mutation<
      BookingRequest,
      { workspaceId: string; id: string; version: number; decision: 'confirm' | 'decline'; reason?: string }
    >({
      query: ({ workspaceId, id, version, decision, reason }) =>
        versionedWrite(
          'POST',
          `${wsPath(workspaceId)}/requests/${encodeURIComponent(id)}/${decision}`,
          version,
          decision === 'decline' ? (reason ? { reason } : {}) : {},
        ),
      invalidatesTags: (_r, _e, { workspaceId }) => [{ type: 'Booking', id: `requests-${workspaceId}` }],
    }),
  }),
});

export const {
  useBookingSettingsQuery,
  useSaveBookingSettingsMutation,
  useBookingServicesQuery,
  useCreateBookingServiceMutation,
  useUpdateBookingServiceMutation,
  useDeleteBookingServiceMutation,
  useBookingRequestsQuery,
  useDecideBookingRequestMutation,
} = bookingApi;
