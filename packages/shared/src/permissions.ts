import type { Role } from './roles.js';

/**
 * The permission table of docs/PRODUCT.md, "Roles and permissions", the one place it lives. The server's policies and the
 * UI both read it, so a button is shown exactly when the API would accept the call.
 */
export const permissions = {
  /** See jobs, calendar, map, areas (technicians see customer contacts only on their own jobs). */
  'schedule.read': ['owner', 'dispatcher', 'technician', 'viewer'],
  /** Create, edit, delete jobs, customers, areas and feeds. */
  'schedule.write': ['owner', 'dispatcher'],
  /** Change the status of any job. */
  'job.status.any': ['owner', 'dispatcher'],
  /** Change the status of one's own jobs, forward only. */
  'job.status.own': ['owner', 'dispatcher', 'technician'],
  /** See every technician's live location. */
  'locations.read.all': ['owner', 'dispatcher'],
  /** See one's own live location. */
  'locations.read.own': ['owner', 'dispatcher', 'technician'],
  /** Share one's own location. */
  'locations.share': ['owner', 'dispatcher', 'technician'],
  /** See the member list (names, roles, colours). */
  'members.read': ['owner', 'dispatcher', 'technician', 'viewer'],
  /** See members' email addresses (everyone else sees names, roles and colours only). */
  'members.emails': ['owner', 'dispatcher'],
  /** Members, roles, invitations. */
  'members.manage': ['owner'],
  /** Workspace settings. */
  'workspace.manage': ['owner'],
  /** See a visit's work record: notes, photos, checklists, signature (every visit the schedule shows them). */
  'record.read': ['owner', 'dispatcher', 'technician', 'viewer'],
  /** Write the work record of any visit (the office). */
  'record.write.any': ['owner', 'dispatcher'],
  /** Write the work record of a visit one is assigned to (another technician's visit is 403). */
  'record.write.own': ['owner', 'dispatcher', 'technician'],
  /** Create, edit and delete checklist templates. */
  'checklists.manage': ['owner', 'dispatcher'],
  /** See customer notification settings, templates and a job's sent notifications. */
  'notifications.read': ['owner', 'dispatcher'],
  /** Resend a job's notification; opt a customer out of notifications or back in (the office). */
  'notifications.resend': ['owner', 'dispatcher'],
  /** Change notification settings and templates (the global switch, kinds, sender addresses). */
  'notifications.manage': ['owner'],
  /** Online booking: settings, services, and confirming or declining requests (docs/PRODUCT.md, "Online booking"). */
  'booking.manage': ['owner', 'dispatcher'],
  /** Export customers, jobs and visits as CSV or .xlsx (docs/PRODUCT.md, "Export"). */
  'data.export': ['owner', 'dispatcher'],
  /** Import customers from CSV or Excel (docs/adr/0034-import.md). */
  'import.run': ['owner', 'dispatcher'],
  /** Download the whole workspace as an archive (docs/adr/0035-export-and-workspace-archive.md). */
  'workspace.archive': ['owner'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissions;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (permissions[permission] as readonly Role[]).includes(role);
}
