export const roles = ['owner', 'dispatcher', 'technician', 'viewer'] as const;
export type Role = (typeof roles)[number];

export const roleLabel: Record<Role, string> = {
  owner: 'Owner',
  dispatcher: 'Dispatcher',
  technician: 'Technician',
  viewer: 'Viewer',
};

export const roleDescription: Record<Role, string> = {
  owner: 'Everything, plus team, roles, invitations and settings',
  dispatcher: 'Creates and schedules jobs, customers, areas and feeds',
  technician: 'Sees the schedule, works their own jobs, shares location',
  viewer: 'Read-only access',
};
