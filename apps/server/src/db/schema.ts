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
