import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** The user's active memberships with their workspaces, for `GET /me`. */
export function listMemberships(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .select([
      'memberships.id as memberId',
      'workspaces.id as workspaceId',
      'workspaces.name as workspaceName',
      'workspaces.slug as workspaceSlug',
      'memberships.role',
      'memberships.colour',
    ])
    .where('memberships.user_id', '=', userId)
    .where('memberships.deactivated_at', 'is', null)
    .orderBy('memberships.created_at')
    .execute();
}
