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
}

/** The screens that exist so far, filtered by what the role may open (docs/PRODUCT.md, "Screens and routes" and "Roles and permissions"). */
export function navItems(role: Role): NavItem[] {
  const items: NavItem[] = [
    { to: '', label: 'Overview', icon: 'home', end: true, priority: 5 },
    { to: 'dispatch', label: 'Dispatch', icon: 'compass', priority: 1 },
    ...(can(role, 'locations.share') ? [{ to: 'my-day', label: 'My day', icon: 'clock' as const, priority: 2 }] : []),
    { to: 'calendar', label: 'Calendar', icon: 'calendar', priority: 3 },
    { to: 'map', label: 'Map', icon: 'map', priority: 4 },
    { to: 'customers', label: 'Customers', icon: 'building', priority: 6 },
    { to: 'areas', label: 'Areas', icon: 'pin', priority: 9 },
    { to: 'team', label: 'Team', icon: 'users', priority: 7 },
    { to: 'feeds', label: 'Feeds', icon: 'link', priority: 10 },
  ];
  if (can(role, 'workspace.manage')) items.push({ to: 'settings', label: 'Settings', icon: 'settings', priority: 8 });
  return items;
}
