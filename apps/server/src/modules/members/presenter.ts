import type { Member, Role } from '@fieldplan/shared';
import type { MembershipsTable, UsersTable } from '../../db/schema.js';
import { iso } from '../../lib/ids.js';

/** A membership as members/queries.ts reads it (memberSelect): with its user's name and email. */
export type MemberRow = Pick<
  MembershipsTable,
  'id' | 'user_id' | 'role' | 'colour' | 'home_lat' | 'home_lng' | 'deactivated_at' | 'created_at'
> &
  Pick<UsersTable, 'name' | 'email'>;

/** `showEmail` false leaves the email out (technicians and viewers see names, roles and colours). */
export function presentMember(row: MemberRow, showEmail: boolean): Member {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    ...(showEmail && { email: row.email }),
    role: row.role as Role,
    colour: row.colour,
    homeBase:
      row.home_lat !== null && row.home_lng !== null ? { lat: Number(row.home_lat), lng: Number(row.home_lng) } : null,
    active: row.deactivated_at === null,
    joinedAt: iso(Number(row.created_at)),
  };
}
