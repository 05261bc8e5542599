import { can, type Role } from '@fieldplan/shared';
import type { IntlShape } from 'react-intl';
import type { IconName } from '../../components/Icon';

export interface NavItem {
  /** Relative to `/w/:slug`. */
  to: string;
  label: string;
  icon: IconName;
  end?: boolean;
  /** Which items a narrow top bar keeps longest (1 first); the rest go into "More". */
  priority: number;
  /** A count shown beside the label (booking requests waiting), with its words for screen readers. */
  badge?: { count: number; words: string };
}

/** Live counts some items show (0 or absent: no badge). */
export interface NavCounts {
  pendingRequests?: number;
}

/**
 * The screens that exist so far, filtered by what the role may open (docs/PRODUCT.md, "Screens and
 * routes" and "Roles and permissions"), named in the page's language.
 */
export function navItems(intl: IntlShape, role: Role, counts: NavCounts = {}): NavItem[] {
  const pendingRequests = counts.pendingRequests ?? 0;
  const items: NavItem[] = [
    {
      to: '',
      label: intl.formatMessage({ id: 'shell.nav.overview' }),
      icon: 'home',
      end: true,
      priority: 5,
    },
    {
      to: 'dispatch',
      label: intl.formatMessage({ id: 'shell.nav.dispatch' }),
      icon: 'compass',
      priority: 1,
    },
    ...(can(role, 'locations.share')
      ? [
          {
            to: 'my-day',
            label: intl.formatMessage({ id: 'shell.nav.myDay' }),
            icon: 'clock' as const,
            priority: 2,
          },
        ]
      : []),
    {
      to: 'calendar',
      label: intl.formatMessage({ id: 'shell.nav.calendar' }),
      icon: 'calendar',
      priority: 3,
    },
    // Online booking's requests wait for a decision: kept in view ahead of most items while any wait.
    ...(can(role, 'booking.manage')
      ? [
          {
            to: 'requests',
            label: intl.formatMessage({ id: 'shell.nav.requests' }),
            icon: 'inbox' as const,
            priority: pendingRequests ? 2.5 : 11,
            badge: {
              count: pendingRequests,
              words: intl.formatMessage({ id: 'shell.nav.requestsWaiting' }, { count: pendingRequests }),
            },
          },
        ]
      : []),
    { to: 'map', label: intl.formatMessage({ id: 'shell.nav.map' }), icon: 'map', priority: 4 },
    {
      to: 'customers',
      label: intl.formatMessage({ id: 'shell.nav.customers' }),
      icon: 'building',
      priority: 6,
    },
    {
      to: 'areas',
      label: intl.formatMessage({ id: 'shell.nav.areas' }),
      icon: 'pin',
      priority: 9,
    },
    {
      to: 'team',
      label: intl.formatMessage({ id: 'shell.nav.team' }),
      icon: 'users',
      priority: 7,
    },
    {
      to: 'feeds',
      label: intl.formatMessage({ id: 'shell.nav.feeds' }),
      icon: 'link',
      priority: 10,
    },
  ];
  if (can(role, 'workspace.manage'))
    items.push({
      to: 'settings',
      label: intl.formatMessage({ id: 'shell.nav.settings' }),
      icon: 'settings',
      priority: 8,
    });
  return items;
}
