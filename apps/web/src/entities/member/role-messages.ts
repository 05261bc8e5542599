import type { Role } from '@fieldplan/shared';
import { defineMessages, type MessageDescriptor } from 'react-intl';

// The web's words for the roles (docs/TRANSLATING.md): shared's roleLabel and roleDescription stay
// for the server.

/** A role's name: "Owner", "Technician". */
export const roleMessages: Record<Role, MessageDescriptor> = defineMessages({
  owner: { id: 'entities.role.owner', defaultMessage: 'Owner' },
  dispatcher: { id: 'entities.role.dispatcher', defaultMessage: 'Dispatcher' },
  technician: { id: 'entities.role.technician', defaultMessage: 'Technician' },
  viewer: { id: 'entities.role.viewer', defaultMessage: 'Viewer' },
});

/** What a role may do, one sentence without its full stop. */
export const roleDescriptionMessages: Record<Role, MessageDescriptor> = defineMessages({
  owner: {
    id: 'entities.roleDescription.owner',
    defaultMessage: 'Everything, plus team, roles, invitations and settings',
  },
  dispatcher: {
    id: 'entities.roleDescription.dispatcher',
    defaultMessage: 'Creates and schedules jobs, customers, areas and feeds',
  },
  technician: {
    id: 'entities.roleDescription.technician',
    defaultMessage: 'Sees the schedule, works their own jobs, shares location',
  },
  viewer: { id: 'entities.roleDescription.viewer', defaultMessage: 'Read-only access' },
});
