import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Instants are epoch milliseconds (bigint) in both dialects, so range
 * queries compare integers and no driver turns them into local Date objects (docs/adr/0003).
 * JSON columns are text. "Booleans" are nullable instants (`deactivated_at`), which say when too.
 */
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
  tracking_links: TrackingLinksTable;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: number;
}

export interface WorkspacesTable {
  id: string;
  name: string;
  slug: string;
  time_zone: string;
  week_start: number;
  working_hours: string;
  map: string;
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

/** A customer's tracking link of one visit (issue 9); the token itself is never stored in clear. */
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
