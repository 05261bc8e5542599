import { type Member, type Role, roleLabel, roles } from '@fieldplan/shared';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { RoleBadge } from '../../entities/member/RoleBadge';
import { formatDate } from '../../lib/format';
import { ColourButton } from './ColourButton';
import type { useMemberActions } from './use-member-actions';

interface MemberRowProps {
  member: Member;
  isSelf: boolean;
  /** Owner controls; absent for everyone else (nothing rendered, not just disabled). */
  manage: ReturnType<typeof useMemberActions> | null;
  onToggleActive: (member: Member) => void;
}

export function MemberRow({ member, isSelf, manage, onToggleActive }: MemberRowProps) {
  const editable = manage !== null && member.active;
  return (
    <tr className={member.active ? 'member-row' : 'member-row member-inactive'}>
      <td className="member-cell-person">
        <div className="member-person">
          <Avatar name={member.name} colour={member.colour} muted={!member.active} />
          <div className="member-text">
            <span className="member-name">
              {member.name}
              {isSelf && <span className="member-you">you</span>}
            </span>
            {member.email !== undefined && <span className="member-email ellipsis">{member.email}</span>}
          </div>
        </div>
      </td>
      <td className="member-cell-role" data-label="Role">
        {editable ? (
          <Select
            aria-label={`Role of ${member.name}`}
            className="member-role-select"
            value={member.role}
            onChange={(event) => void manage.setRole(member, event.target.value as Role)}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabel[role]}
              </option>
            ))}
          </Select>
        ) : (
          <RoleBadge role={member.role} />
        )}
      </td>
      <td className="member-cell-colour" data-label="Colour">
        <ColourButton
          name={member.name}
          colour={member.colour}
          disabled={!editable}
          onChange={(colour) => void manage?.setColour(member, colour)}
        />
      </td>
      <td className="member-cell-status" data-label="Status">
        {member.active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Deactivated</Badge>}
      </td>
      <td className="member-cell-joined" data-label="Joined">
        <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
      </td>
      {manage && (
        <td className="member-cell-actions">
          {!isSelf && (
            <Button
              size="sm"
              variant={member.active ? 'ghost' : 'secondary'}
              className={member.active ? 'member-deactivate' : undefined}
              aria-label={`${member.active ? 'Deactivate' : 'Reactivate'} ${member.name}`}
              onClick={() => onToggleActive(member)}
            >
              {member.active ? 'Deactivate' : 'Reactivate'}
            </Button>
          )}
        </td>
      )}
    </tr>
  );
}
