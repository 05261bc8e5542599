import type { Me } from '@fieldplan/shared';

/**
 * Where a signed-in user lands (after signing in, or on `/`): their first workspace — on my day for
 * a technician, whatever the screen size (their working screen), on the overview for everyone else;
 * `/` when they belong to no workspace. An explicit return-to URL (`?next=`) wins over this.
 */
export function landingPath(me: Pick<Me, 'memberships'>): string {
  const first = me.memberships[0];
  if (!first) return '/';
  return first.role === 'technician' ? `/w/${first.workspaceSlug}/my-day` : `/w/${first.workspaceSlug}`;
}
