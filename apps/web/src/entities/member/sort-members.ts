import { type Member, roles } from '@fieldplan/shared';

/** Active before deactivated, then by role (owners first), then by name. */
export function sortMembers(members: readonly Member[]): Member[] {
  return [...members].sort(
    (a, b) =>
      Number(b.active) - Number(a.active) ||
      roles.indexOf(a.role) - roles.indexOf(b.role) ||
      a.name.localeCompare(b.name),
  );
}
