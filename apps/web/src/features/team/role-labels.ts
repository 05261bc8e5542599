import type { Role } from '@fieldplan/shared';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** A role's name as the web shows it (the shared roleLabel stays the server's English). */
export const roleLabels: Record<Role, MessageDescriptor> = defineMessages({
  owner: { id: 'team.role.owner', defaultMessage: 'Owner' },
  dispatcher: { id: 'team.role.dispatcher', defaultMessage: 'Dispatcher' },
  technician: { id: 'team.role.technician', defaultMessage: 'Technician' },
  viewer: { id: 'team.role.viewer', defaultMessage: 'Viewer' },
});
