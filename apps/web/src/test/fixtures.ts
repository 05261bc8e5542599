import type { Invitation, Me, Member, Role, Workspace } from '@fieldplan/shared';

export const workspaceId = 'ws-1';

export function meAs(role: Role, name = role === 'owner' ? 'Olivia Owner' : 'Tomasz Nowak'): Me {
  return {
    user: { id: `user-${role}`, name, email: `${role}@demo.test`, language: null },
    memberships: [
      {
        memberId: `member-${role}`,
        workspaceId,
        workspaceName: 'Demo Plumbing',
        workspaceSlug: 'demo',
        role,
        colour: '#0072B2',
      },
    ],
  };
}

function member(role: Role, name: string, colour: string, extra: Partial<Member> = {}): Member {
  return {
    id: `member-${role}`,
    userId: `user-${role}`,
    name,
    email: `${role}@demo.test`,
    role,
    colour,
    homeBase: null,
    active: true,
    joinedAt: '2026-11-01T09:00:00.000Z',
    ...extra,
  };
}

export const members: Member[] = [
  member('owner', 'Olivia Owner', '#0072B2'),
  member('dispatcher', 'Dana Dispatch', '#E69F00'),
  member('technician', 'Tomasz Nowak', '#009E73'),
  member('viewer', 'Victor Viewer', '#CC79A7', { active: false }),
];

export const workspace: Workspace = {
  id: workspaceId,
  name: 'Demo Plumbing',
  slug: 'demo',
  timeZone: 'Europe/Berlin',
  weekStart: 1,
  timeFormat: '24h',
  dateFormat: 'dmy',
  language: 'en',
  defaultJobMinutes: 60,
  keepPhotoLocation: false,
  workingHours: { start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] },
  map: {
    center: { lat: 52.52, lng: 13.405 },
    zoom: 11,
    tileUrlTemplate: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    tileAttribution: '© OpenStreetMap contributors',
  },
};

export const invitations: Invitation[] = [
  {
    id: 'inv-1',
    email: 'new.tech@example.com',
    role: 'technician',
    expiresAt: '2099-01-01T00:00:00.000Z',
    acceptedAt: null,
    createdAt: '2026-11-20T00:00:00.000Z',
  },
];

/** The routes every workspace screen calls, answered for `role`. */
export function workspaceRoutes(role: Role) {
  return {
    'GET /me': meAs(role),
    'GET /config': { version: 'test', demo: false },
    [`GET /workspaces/${workspaceId}`]: workspace,
    [`GET /workspaces/${workspaceId}/members`]: members,
    [`GET /workspaces/${workspaceId}/invitations`]: invitations,
  };
}
