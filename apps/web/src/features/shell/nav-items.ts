import { can, type Role } from '@fieldplan/shared';
import type { IconName } from '../../components/Icon';

export interface NavItem {
  /** Relative to `/w/:slug`. */
  to: string;
  label: string;
  icon: IconName;
  end?: boolean;
  /** Which items a narrow top bar keeps longest (1 first); the rest go into "More". */
  priority: number;
  /** A count shown beside the label (booking requests waiting), with what it counts for screen readers. */
  badge?: { count: number; noun: string };
}

/** Live counts some items show (0 or absent: no badge). */
export interface NavCounts {
  pendingRequests?: number;
}

/** The screens that exist so far, filtered by what the role may open (docs/PRODUCT.md, "Screens and routes" and "Roles and permissions"). */
export function navItems(role: Role, counts: NavCounts = {}): NavItem[] {
  const items: NavItem[] = [
    { to: '', label: 'Overview', icon: 'home', end: true, priority: 5 },
    { to: 'dispatch', label: 'Dispatch', icon: 'compass', priority: 1 },
    ...(can(role, 'locations.share') ? [{ to: 'my-day', label: 'My day', icon: 'clock' as const, priority: 2 }] : []),
    { to: 'calendar', label: 'Calendar', icon: 'calendar', priority: 3 },
    // Online booking's requests wait for a decision: kept in view ahead of most items while any wait.
    ...(can(role, 'booking.manage')
      ? [
          {
            to: 'requests',
            label: 'Requests',
            icon: 'inbox' as const,
            priority: counts.pendingRequests ? 2.5 : 11,
            badge: { count: counts.pendingRequests ?? 0, noun: 'waiting' },
          },
        ]
      : []),
    { to: 'map', label: 'Map', icon: 'map', priority: 4 },
    { to: 'customers', label: 'Customers', icon: 'building', priority: 6 },
    { to: 'areas', label: 'Areas', icon: 'pin', priority: 9 },
    { to: 'team', label: 'Team', icon: 'users', priority: 7 },
    { to: 'feeds', label: 'Feeds', icon: 'link', priority: 10 },
  ];
  if (can(role, 'workspace.manage')) items.push({ to: 'settings', label: 'Settings', icon: 'settings', priority: 8 });
  return items;
}
