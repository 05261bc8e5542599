/**
 * Every documented operation of the API: its operationId, its summary, who may call it, and the
 * facts about it that its route schema cannot show (If-Match, rate limits, other failures). The
 * OpenAPI document is completed from this table (document.ts), and the session gate (session-gate.ts)
 * answers 401 for every operation that is not public — so the document's `security` is what the
 * server does. A route missing here fails `test/openapi.test.ts`.
 *
 * Keys are `METHOD path` with the path as the document writes it (`{ws}`, not `:ws`).
 */

import { type OperationFacts, versionedOperations } from './operation-facts.js';
import { bookingOperations } from './operations-booking.js';
import { exportOperations } from './operations-export.js';
import { importOperations } from './operations-import.js';
import { recordOperations } from './operations-records.js';

const readiness = {
  'application/json': {
    schema: {
      type: 'object',
      required: ['status', 'database'],
      properties: {
        status: { type: 'string', enum: ['ready', 'database unavailable'] },
        database: { type: 'string', enum: ['sqlite', 'postgres'] },
      },
    },
  },
};

// Areas with many operations keep them in operations-<area>.ts, spread in here.
export const operations: Record<string, OperationFacts> = {
  ...recordOperations,
  ...bookingOperations,
  ...exportOperations,
  ...importOperations,
  // system
  'GET /healthz': { id: 'getHealth', summary: 'Liveness: the process answers', access: 'public', unavailable: false },
  'GET /readyz': {
    id: 'getReadiness',
    summary: 'Readiness: the database answers',
    access: 'public',
    unavailable: false,
    answers: {
      200: { description: 'The database answers.', content: readiness },
      503: {
        description: 'The database does not answer (a load balancer takes this process out).',
        content: readiness,
      },
    },
  },
  'GET /api/v1/config': {
    id: 'getPublicConfig',
    summary: "The browser's public configuration",
    access: 'public',
    unavailable: false,
  },
  'POST /api/monitoring': {
    id: 'tunnelErrorReport',
    summary: 'Forward a Sentry envelope to the configured error reporting',
    access: 'public',
    rateLimited: true,
    unavailable: false,
    also: [404, 502],
    answers: {
      200: {
        description: "The ingest's own answer, passed on.",
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
  },
  // auth
  'POST /api/v1/auth/sign-up': {
    id: 'signUp',
    summary: 'Create an account and its workspace (answers alike for a taken email; sign in next)',
    access: 'public',
    rateLimited: true,
  },
  'POST /api/v1/auth/sign-in': { id: 'signIn', summary: 'Sign in', access: 'public', rateLimited: true },
  'POST /api/v1/auth/sign-out': {
    id: 'signOut',
    summary: 'Sign out (end this session)',
    access: 'optional',
    noContent: true,
  },
  'GET /api/v1/me': { id: 'getMe', summary: 'The signed-in user and their workspaces' },
  'PATCH /api/v1/me': { id: 'updateMe', summary: 'Change your own settings (your language)' },
  // workspace, members, invitations
  'GET /api/v1/workspaces/{ws}': { id: 'getWorkspace', summary: 'Get the workspace' },
  'PATCH /api/v1/workspaces/{ws}': { id: 'updateWorkspace', summary: "Change the workspace's settings" },
  'GET /api/v1/workspaces/{ws}/members': { id: 'listMembers', summary: 'List the team' },
  'PATCH /api/v1/workspaces/{ws}/members/{id}': {
    id: 'updateMember',
    summary: "Change a member's role, colour or activation",
  },
  'GET /api/v1/workspaces/{ws}/invitations': { id: 'listInvitations', summary: 'List open invitations' },
  'POST /api/v1/workspaces/{ws}/invitations': { id: 'createInvitation', summary: 'Invite someone' },
  'DELETE /api/v1/workspaces/{ws}/invitations/{id}': {
    id: 'revokeInvitation',
    summary: 'Withdraw an invitation',
    noContent: true,
  },
  'GET /api/v1/invitations/{token}': {
    id: 'previewInvitation',
    summary: 'What an invitation link is for',
    access: 'public',
    rateLimited: true,
    also: [410],
  },
  'POST /api/v1/invitations/{token}/accept': {
    id: 'acceptInvitation',
    summary: 'Accept an invitation (signing in or up)',
    access: 'optional',
    rateLimited: true,
    also: [410],
  },
  // customers
  ...versionedOperations('/api/v1/workspaces/{ws}/customers', {
    one: 'Customer',
    many: 'Customers',
    a: 'a customer',
    some: 'customers',
  }),
  'GET /api/v1/workspaces/{ws}/customers/{id}/jobs': { id: 'listCustomerJobs', summary: "List a customer's jobs" },
  // jobs
  ...versionedOperations('/api/v1/workspaces/{ws}/jobs', { one: 'Job', many: 'Jobs', a: 'a job', some: 'jobs' }, [
    'list',
    'create',
    'get',
    'update',
  ]),
  'DELETE /api/v1/workspaces/{ws}/jobs/{id}': { id: 'deleteJob', summary: 'Delete a job', ifMatch: true },
  'POST /api/v1/workspaces/{ws}/jobs/{id}/status': {
    id: 'changeJobStatus',
    summary: "Move a job's status",
    ifMatch: true,
    also: [409],
  },
  // calendar, changes
  'GET /api/v1/workspaces/{ws}/calendar/events': { id: 'listCalendarEvents', summary: 'Calendar events of a range' },
  'GET /api/v1/workspaces/{ws}/calendar/busy': {
    id: 'listBusyTime',
    summary: 'Busy time from subscribed calendars in a range',
  },
  'GET /api/v1/workspaces/{ws}/changes': { id: 'listChanges', summary: 'Changes after a sequence number' },
  // service areas
  ...versionedOperations('/api/v1/workspaces/{ws}/areas', {
    one: 'Area',
    many: 'Areas',
    a: 'a service area',
    some: 'service areas',
  }),
  // places
  'GET /api/v1/places': { id: 'searchPlaces', summary: 'Search places by name' },
  'GET /api/v1/places/labels': { id: 'listPlaceLabels', summary: 'Place names to draw on the offline map' },
  // locations and tracking
  'POST /api/v1/workspaces/{ws}/locations': { id: 'shareLocation', summary: 'Share your position' },
  'GET /api/v1/workspaces/{ws}/locations': { id: 'listLocations', summary: "Technicians' latest positions" },
  'GET /api/v1/track/{token}': {
    id: 'getTrackingPage',
    summary: "A customer's tracking page data",
    access: 'public',
    rateLimited: true,
  },
  'GET /api/v1/workspaces/{ws}/tracking-links': { id: 'listTrackingLinks', summary: "A job's working tracking links" },
  'DELETE /api/v1/workspaces/{ws}/tracking-links/{id}': {
    id: 'revokeTrackingLink',
    summary: 'Revoke a tracking link',
    noContent: true,
  },
  // travel
  'GET /api/v1/workspaces/{ws}/jobs/{id}/suggestions': {
    id: 'suggestSlots',
    summary: 'Suggested slots for a job, by travel',
  },
  'GET /api/v1/workspaces/{ws}/optimise-day': {
    id: 'previewOptimisedDay',
    summary: "Preview a technician's best day order",
  },
  'POST /api/v1/workspaces/{ws}/optimise-day': {
    id: 'applyOptimisedDay',
    summary: "Apply a technician's new day order",
  },
  'GET /api/v1/workspaces/{ws}/travel-legs': { id: 'listTravelLegs', summary: 'Drives between consecutive visits' },
  // calendar subscriptions (import) and iCal links (export)
  'GET /api/v1/workspaces/{ws}/feeds': { id: 'listFeeds', summary: 'List calendar subscriptions' },
  'POST /api/v1/workspaces/{ws}/feeds': { id: 'createFeed', summary: 'Subscribe a calendar', also: [502] },
  'GET /api/v1/workspaces/{ws}/feeds/{id}': { id: 'getFeed', summary: 'Get a calendar subscription' },
  'PATCH /api/v1/workspaces/{ws}/feeds/{id}': {
    id: 'updateFeed',
    summary: 'Edit a calendar subscription',
    ifMatch: true,
    also: [502],
  },
  'DELETE /api/v1/workspaces/{ws}/feeds/{id}': {
    id: 'deleteFeed',
    summary: 'Remove a calendar subscription',
    ifMatch: true,
    noContent: true,
  },
  'POST /api/v1/workspaces/{ws}/feeds/{id}/refresh': {
    id: 'refreshFeed',
    summary: 'Fetch a calendar subscription now',
    rateLimited: true,
    also: [502],
  },
  'GET /api/v1/workspaces/{ws}/feed-tokens': { id: 'listFeedTokens', summary: 'List iCal links' },
  'POST /api/v1/workspaces/{ws}/feed-tokens': { id: 'createFeedToken', summary: 'Make an iCal link' },
  'DELETE /api/v1/workspaces/{ws}/feed-tokens/{id}': {
    id: 'revokeFeedToken',
    summary: 'Revoke an iCal link',
    noContent: true,
  },
  'GET /ical/{file}': {
    id: 'getIcalFeed',
    summary: 'An iCal link as an RFC 5545 calendar',
    access: 'public',
    rateLimited: true,
    answers: {
      200: {
        description: 'The calendar (with an ETag).',
        content: { 'text/calendar': { schema: { type: 'string' } } },
      },
      304: { description: 'Not modified since the ETag sent in If-None-Match.' },
    },
  },
  // realtime (form-encoded, as the Pusher client sends them)
  'POST /api/realtime/auth': { id: 'authorizeChannel', summary: 'Sign a realtime channel subscription' },
  'POST /api/realtime/user-auth': { id: 'authenticateRealtimeUser', summary: 'Sign a realtime user sign-in' },
};

/** The table's key of a route: Fastify's `:param` written as the document's `{param}`. */
export function operationKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
}
