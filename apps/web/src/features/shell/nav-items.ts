import { can, type Role } from '@fieldplan/shared';
import type { IconName } from '../../components/Icon';

export interface NavItem {
  /** Relative to `/w/:slug`. */
  to: string;
  label: string;
  icon: IconName;
  end?: boolean;
}

/** The screens that exist so far, filtered by what the role may open (docs/PRODUCT.md, "Screens and routes" and "Roles and permissions"). */
export function navItems(role: Role): NavItem[] {
  const items: NavItem[] = [
    { to: '', label: 'Overview', icon: 'home', end: true },
    { to: 'dispatch', label: 'Dispatch', icon: 'compass' },
    ...(can(role, 'locations.share') ? [{ to: 'my-day', label: 'My day', icon: 'clock' as const }] : []),
    { to: 'calendar', label: 'Calendar', icon: 'calendar' },
    { to: 'map', label: 'Map', icon: 'map' },
    { to: 'customers', label: 'Customers', icon: 'building' },
    { to: 'areas', label: 'Areas', icon: 'pin' },
    { to: 'team', label: 'Team', icon: 'users' },
    { to: 'feeds', label: 'Feeds', icon: 'link' },
  ];
  if (can(role, 'workspace.manage')) items.push({ to: 'settings', label: 'Settings', icon: 'settings' });
  return items;
}
