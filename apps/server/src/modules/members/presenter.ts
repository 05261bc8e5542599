import type { Member, Role } from '@fieldplan/shared';
import { iso } from '../../lib/ids.js';

export interface MemberRow {
  id: string;
  user_id: string;
  name: string;
  email: string;
  role: string;
  colour: string;
  home_lat: number | null;
  home_lng: number | null;
  deactivated_at: number | null;
  created_at: number;
}

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
