import { describe, expect, it } from 'vitest';
import { can, type Permission, permissions } from './permissions.js';
import { type Role, roleDescription, roleLabel, roles } from './roles.js';

/** docs/PRODUCT.md, "Roles and permissions", written out once more by hand so a change to the table is a deliberate one. */
const expected: Record<Permission, Role[]> = {
  'schedule.read': ['owner', 'dispatcher', 'technician', 'viewer'],
  'schedule.write': ['owner', 'dispatcher'],
  'job.status.any': ['owner', 'dispatcher'],
  'job.status.own': ['owner', 'dispatcher', 'technician'],
  'locations.read.all': ['owner', 'dispatcher'],
  'locations.read.own': ['owner', 'dispatcher', 'technician'],
  'locations.share': ['owner', 'dispatcher', 'technician'],
  'members.read': ['owner', 'dispatcher', 'technician', 'viewer'],
  'members.emails': ['owner', 'dispatcher'],
  'members.manage': ['owner'],
  'workspace.manage': ['owner'],
  'record.read': ['owner', 'dispatcher', 'technician', 'viewer'],
  'record.write.any': ['owner', 'dispatcher'],
  'record.write.own': ['owner', 'dispatcher', 'technician'],
  'checklists.manage': ['owner', 'dispatcher'],
  'notifications.read': ['owner', 'dispatcher'],
  'notifications.resend': ['owner', 'dispatcher'],
  'notifications.manage': ['owner'],
  'booking.manage': ['owner', 'dispatcher'],
  'data.export': ['owner', 'dispatcher'],
  'import.run': ['owner', 'dispatcher'],
  'workspace.archive': ['owner'],
};

describe('permissions', () => {
  it('has exactly the permissions of docs/PRODUCT.md, "Roles and permissions"', () => {
    expect(Object.keys(permissions).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('%s is granted to %j', (permission, allowed) => {
    for (const role of roles) expect(can(role, permission as Permission)).toBe(allowed.includes(role));
  });

  it('owners can do everything', () => {
    for (const permission of Object.keys(permissions) as Permission[]) expect(can('owner', permission)).toBe(true);
  });

  it('viewers are read-only', () => {
    const granted = (Object.keys(permissions) as Permission[]).filter((p) => can('viewer', p));
    expect(granted.sort()).toEqual(['members.read', 'record.read', 'schedule.read']);
  });

  it('a technician cannot manage the team or settings, nor write the schedule', () => {
    for (const p of ['members.manage', 'workspace.manage', 'schedule.write', 'job.status.any'] as const) {
      expect(can('technician', p)).toBe(false);
    }
  });

  it('no role (signed out, not a member) can do nothing', () => {
    for (const permission of Object.keys(permissions) as Permission[]) {
      expect(can(null, permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
    }
  });

  it('an unknown role string is refused, and an unknown permission never throws into a grant', () => {
    expect(can('admin' as Role, 'members.manage')).toBe(false);
  });

  it('every role has a label and a description', () => {
    expect(roles).toEqual(['owner', 'dispatcher', 'technician', 'viewer']);
    for (const role of roles) {
      expect(roleLabel[role]).toMatch(/^[A-Z]/);
      expect(roleDescription[role].length).toBeGreaterThan(0);
    }
  });
});
