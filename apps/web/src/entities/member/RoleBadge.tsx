import type { Role } from '@fieldplan/shared';
import { Badge, type BadgeTone } from '../../components/Badge';
import { useIntl } from '../../lib/i18n';
import { roleMessages } from './role-messages';

const tone: Record<Role, BadgeTone> = {
  owner: 'accent',
  dispatcher: 'neutral',
  technician: 'neutral',
  viewer: 'neutral',
};

export function RoleBadge({ role }: { role: Role }) {
  const intl = useIntl();
  return <Badge tone={tone[role]}>{intl.formatMessage(roleMessages[role])}</Badge>;
}
