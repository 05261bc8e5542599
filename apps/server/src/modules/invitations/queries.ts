import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function listInvitations(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

export function findInvitationByHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('invitations')
    .innerJoin('workspaces', 'workspaces.id', 'invitations.workspace_id')
    .selectAll('invitations')
    .select('workspaces.name as workspace_name')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
