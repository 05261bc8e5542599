import type { Role } from '@fieldplan/shared';
import { defineMessages, type MessageDescriptor } from 'react-intl';

// The web's words for the roles (docs/TRANSLATING.md): shared's roleLabel and roleDescription stay
// for the server.

/** A role's name: "Owner", "Technician". */
export const roleMessages: Record<Role, MessageDescriptor> = defineMessages({
  owner: { id: 'entities.role.owner' },
  dispatcher: { id: 'entities.role.dispatcher' },
  technician: { id: 'entities.role.technician' },
  viewer: { id: 'entities.role.viewer' },
});

/** What a role may do, one sentence without its full stop. */
export const roleDescriptionMessages: Record<Role, MessageDescriptor> = defineMessages({
  owner: { id: 'entities.roleDescription.owner' },
  dispatcher: { id: 'entities.roleDescription.dispatcher' },
  technician: { id: 'entities.roleDescription.technician' },
  viewer: { id: 'entities.roleDescription.viewer' },
});
