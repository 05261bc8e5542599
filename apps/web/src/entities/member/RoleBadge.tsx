import { type Role, roleLabel } from '@fieldplan/shared';
import { Badge, type BadgeTone } from '../../components/Badge';

const tone: Record<Role, BadgeTone> = {
  owner: 'accent',
  dispatcher: 'neutral',
  technician: 'neutral',
  viewer: 'neutral',
};

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={tone[role]}>{roleLabel[role]}</Badge>;
}
