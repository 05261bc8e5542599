import type { Invitation, Role } from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type { InvitationsTable } from '../../db/schema.js';
import { iso } from '../../lib/ids.js';

export function presentInvitation(row: Selectable<InvitationsTable>, url?: string): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    expiresAt: iso(Number(row.expires_at)),
    acceptedAt: row.accepted_at === null ? null : iso(Number(row.accepted_at)),
    createdAt: iso(Number(row.created_at)),
    ...(url !== undefined && { url }),
  };
}
