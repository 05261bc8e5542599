export { RoleBadge } from './RoleBadge';
export { roleDescriptionMessages, roleMessages } from './role-messages';
