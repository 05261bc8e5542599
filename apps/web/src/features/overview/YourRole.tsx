import { type Role, roleDescription } from '@fieldplan/shared';
import { Avatar } from '../../components/Avatar';
import { Panel } from '../../components/Panel';
import { RoleBadge } from '../../entities/member/RoleBadge';

/** You in this workspace: your colour, your role and what it lets you do. */
export function YourRole({ name, email, colour, role }: { name: string; email: string; colour: string; role: Role }) {
  return (
    <Panel title="You">
      <div className="you">
        <Avatar name={name} colour={colour} size="lg" />
        <div className="you-text">
          <span className="you-name">{name}</span>
          <span className="you-email ellipsis">{email}</span>
        </div>
        <RoleBadge role={role} />
      </div>
      <p className="you-role">{roleDescription[role]}.</p>
    </Panel>
  );
}
