import { can, type Permission, type Role } from '@fieldplan/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { forbidden, notFound } from '../errors/app-error.js';
import { requireUser } from './session.js';

export interface Actor {
  userId: string;
  memberId: string;
  workspaceId: string;
  role: Role;
}

/**
 * The caller's active membership of the workspace in the URL. Not a member (or another
 * workspace's id) answers 404, so ids of other workspaces reveal nothing.
 */
export async function requireMember(db: Db, request: FastifyRequest, workspaceId: string): Promise<Actor> {
  const user = requireUser(request);
  const row = await db.kysely
    .selectFrom('memberships')
    .select(['id', 'role'])
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', user.id)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Workspace');
  return { userId: user.id, memberId: row.id, workspaceId, role: row.role as Role };
}

/** 403 unless the actor's role has the permission; `action` completes "You don't have permission to …". */
export function authorize(actor: Actor, permission: Permission, action: string): void {
  if (!can(actor.role, permission)) throw forbidden(action);
}
