import type { Generated } from 'kysely';
import type {
  BookingChallengesTable,
  BookingRequestsTable,
  BookingServicesTable,
  BookingSettingsTable,
} from './schema-booking.js';
import type { ImportRowsTable, ImportsTable } from './schema-import.js';
import type { PeriodicRunsTable } from './schema-periodic.js';
import type {
  ChecklistTemplatesTable,
  JobChecklistsTable,
  NotificationOptoutsTable,
  NotificationSettingsTable,
  NotificationsTable,
  NotificationTemplatesTable,
  PhotosTable,
  PhotoUploadPartsTable,
  VisitChecklistsTable,
  VisitNotesTable,
  VisitSignaturesTable,
  VisitStatusTimesTable,
} from './schema-records.js';

/**
 * Tables as Kysely sees them. Instants are epoch milliseconds (bigint) in both dialects, so range
 * queries compare integers and no driver turns them into local Date objects (docs/adr/0003).
 * JSON columns are text. "Booleans" are nullable instants (`deactivated_at`), which say when too.
 */
// Each area may keep its tables in a file of its own (schema-*.ts), listed here and re-exported below.
export interface Database {
  users: UsersTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  sessions: SessionsTable;
  changes: ChangesTable;
  workspace_seq: WorkspaceSeqTable;
  customers: CustomersTable;
  jobs: JobsTable;
  job_assignees: JobAssigneesTable;
  job_exceptions: JobExceptionsTable;
  service_areas: ServiceAreasTable;
  location_pings: LocationPingsTable;
  location_latest: LocationPingsTable;
  install_secrets: InstallSecretsTable;
  feed_subscriptions: FeedSubscriptionsTable;
  feed_events: FeedEventsTable;
  feed_tokens: FeedTokensTable;
  tracking_links: TrackingLinksTable;
  visit_notes: VisitNotesTable;
  checklist_templates: ChecklistTemplatesTable;
  job_checklists: JobChecklistsTable;
  visit_checklists: VisitChecklistsTable;
  visit_signatures: VisitSignaturesTable;
  visit_status_times: VisitStatusTimesTable;
  photos: PhotosTable;
  photo_upload_parts: PhotoUploadPartsTable;
  notification_settings: NotificationSettingsTable;
  notification_templates: NotificationTemplatesTable;
  notification_optouts: NotificationOptoutsTable;
  notifications: NotificationsTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
  booking_settings: BookingSettingsTable;
  booking_services: BookingServicesTable;
  booking_requests: BookingRequestsTable;
  booking_challenges: BookingChallengesTable;
  periodic_runs: PeriodicRunsTable;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: number;
  /** When someone last tried to sign up with this email (epoch ms); null once the owner was told. */
  sign_up_attempt_at: number | null;
  /** The language the user picked ('en', 'de'); null: their browser's (docs/adr/0042-languages.md). */
  language: string | null;
}

export interface WorkspacesTable {
  id: string;
  name: string;
  slug: string;
  time_zone: string;
  week_start: number;
  /** '24h' | '12h' */
  time_format: string;
  /** 'dmy' | 'mdy' | 'ymd' */
  date_format: string;
  /** A new job's length from a slot or a day, in minutes. */
  default_job_minutes: number;
  /** 1: photos keep where they were taken (from the original's EXIF); 0: the location is dropped. */
  keep_photo_location: number;
  working_hours: string;
  map: string;
  /** The language the workspace speaks to its customers ('en', 'de'). */
  language: Generated<string>;
  created_at: number;
}

export interface MembershipsTable {
  id: string;
  workspace_id: string;
  user_id: string;
  role: string;
  colour: string;
  home_lat: number | null;
  home_lng: number | null;
  deactivated_at: number | null;
  created_at: number;
}

export interface InvitationsTable {
  id: string;
  workspace_id: string;
  email: string;
  role: string;
  token_hash: string;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
  created_by: string;
  created_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value: a leaked table does not leak live sessions. */
  id_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface ChangesTable {
  workspace_id: string;
  seq: number;
  entity: string;
  entity_id: string;
  action: string;
  actor_id: string | null;
  at: number;
}

export interface WorkspaceSeqTable {
  workspace_id: string;
  last_seq: Generated<number>;
}

export interface CustomersTable {
  id: string;
  workspace_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string;
  lat: number;
  lng: number;
  notes: string;
  /** Lower-cased, accent-free name: the list's order. */
  sort_name: string;
  /** Normalised name, address and phone (also digits only) for search. */
  search_text: string;
  /** The customer's own language; null: the workspace's. */
  language: string | null;
  version: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface JobsTable {
  id: string;
  workspace_id: string;
  customer_id: string | null;
  title: string;
  description: string;
  address: string;
  lat: number | null;
  lng: number | null;
  /** Instants, or dates as UTC-midnight ms when `all_day` is 1; null when unscheduled. */
  start_at: number | null;
  end_at: number | null;
  all_day: number;
  status: string;
  priority: number;
  rrule: string | null;
  /** Series only: from the first occurrence's start to the last one's end, moved exceptions included. */
  span_start_at: number | null;
  span_end_at: number | null;
  /** One-off timed jobs only: the flexible window the optimiser may move the visit within. */
  flex_start_at: number | null;
  flex_end_at: number | null;
  /** The online booking request that made the job, and its status (docs/adr/0030); null: not booked online. */
  booking_request_id: string | null;
  booking_status: string | null;
  version: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface JobAssigneesTable {
  job_id: string;
  member_id: string;
  workspace_id: string;
  position: number;
}

export interface JobExceptionsTable {
  job_id: string;
  /** The occurrence's original start (ms; a date's UTC midnight for all-day series). */
  occurrence_key: number;
  workspace_id: string;
  kind: 'moved' | 'cancelled';
  start_at: number | null;
  end_at: number | null;
  /** JSON array of member ids overriding the series' technicians, or null. */
  assignee_ids: string | null;
  status: string | null;
  created_at: number;
}

export interface ServiceAreasTable {
  id: string;
  workspace_id: string;
  name: string;
  /** Lower-cased, accent-free name: the list's order. */
  sort_name: string;
  colour: string;
  kind: 'Polygon' | 'MultiPolygon' | 'Circle';
  /** The shape as JSON: GeoJSON Polygon/MultiPolygon or `{type: 'Circle', center, radiusM}`. */
  geometry: string;
  vertex_count: number;
  /** Bounding box in degrees (a circle's widened by its radius). */
  south: number;
  west: number;
  north: number;
  east: number;
  version: number;
  created_at: number;
  updated_at: number;
}

/** One accepted location ping (`location_pings`), and a member's latest one (`location_latest`). */
export interface LocationPingsTable {
  workspace_id: string;
  member_id: string;
  lat: number;
  lng: number;
  accuracy_m: number;
  heading: number | null;
  /** When the fix was taken (device clock, bounded to the last day). */
  at: number;
  /** When it arrived: the 1-per-5-s limit and the 30-day history count from this. */
  received_at: number;
}

/** Random per-install values (the realtime secret's seed); never logged or sent to browsers. */
export interface InstallSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** An iCalendar subscription: busy time of one technician (member_id) or the workspace. */
export interface FeedSubscriptionsTable {
  id: string;
  workspace_id: string;
  name: string;
  url: string;
  colour: string;
  member_id: string | null;
  refresh_minutes: number;
  status: 'pending' | 'ok' | 'failing';
  last_error: string | null;
  /** The last attempt, and the last success (the copy in use). */
  last_fetched_at: number | null;
  last_success_at: number | null;
  /** Failed attempts in a row (the retry backoff). */
  failures: number;
  next_refresh_at: number;
  etag: string | null;
  last_modified: string | null;
  /** SHA-256 of the last good body: an unchanged feed rewrites nothing. */
  content_hash: string | null;
  event_count: number;
  /** The process refreshing it now, until lease_expires_at (ms). */
  lease_owner: string | null;
  lease_expires_at: number | null;
  version: number;
  created_at: number;
  updated_at: number;
}

/** One imported one-off event, or one series (master + overrides as iCalendar text). */
export interface FeedEventsTable {
  feed_id: string;
  workspace_id: string;
  seq: number;
  uid: string;
  summary: string;
  all_day: number;
  /** One-offs: start/end (dates as UTC-midnight ms when all-day). Series: span, end null when endless. */
  start_at: number;
  end_at: number | null;
  series_ics: string | null;
}

/** An iCal export link: a technician's jobs (member_id) or the whole workspace's. */
export interface FeedTokensTable {
  id: string;
  workspace_id: string;
  member_id: string | null;
  /** SHA-256 of the token. */
  token_hash: string;
  /** Its last four characters. */
  hint: string;
  created_by: string | null;
  created_at: number;
  revoked_at: number | null;
  /** Why the link ended by itself (its technician or maker was deactivated or changed role); null if revoked by hand. */
  revoked_reason: string | null;
}

/** A customer's tracking link of one visit; the token itself is never stored in clear. */
export interface TrackingLinksTable {
  id: string;
  workspace_id: string;
  job_id: string;
  occurrence_key: number | null;
  member_id: string;
  token_hash: string;
  token_sealed: string;
  created_by: string | null;
  created_at: number;
  ended_at: number | null;
  revoked_at: number | null;
}

export type * from './schema-booking.js';
export type * from './schema-import.js';
export type * from './schema-records.js';
