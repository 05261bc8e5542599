import type { Me } from '@fieldplan/shared';

/** Where a freshly signed-in user lands: their first workspace's overview. */
export function firstWorkspacePath(me: Me): string {
  const first = me.memberships[0];
  return first ? `/w/${first.workspaceSlug}` : '/';
}
