import { type Member, type Role, roles } from '@fieldplan/shared';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { RoleBadge, roleMessages } from '../../entities/member';
import { formatDate } from '../../lib/format';
import { Message, useIntl } from '../../lib/i18n';
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
  const intl = useIntl();
  const editable = manage !== null && member.active;
  const name = member.name;
  return (
    <tr className={member.active ? 'member-row' : 'member-row member-inactive'}>
      <td className="member-cell-person">
        <div className="member-person">
          <Avatar name={member.name} colour={member.colour} muted={!member.active} />
          <div className="member-text">
            <span className="member-name">
              {member.name}
              {isSelf && (
                <span className="member-you">
                  <Message id="team.member.you" />
                </span>
              )}
            </span>
            {member.email !== undefined && <span className="member-email ellipsis">{member.email}</span>}
          </div>
        </div>
      </td>
      <td className="member-cell-role" data-label="Role">
        {editable ? (
          <Select
            aria-label={intl.formatMessage({ id: 'team.member.roleOf' }, { name })}
            className="member-role-select"
            value={member.role}
            onChange={(event) => void manage.setRole(member, event.target.value as Role)}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {intl.formatMessage(roleMessages[role])}
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
        {member.active ? (
          <Badge tone="success">
            <Message id="team.member.active" />
          </Badge>
        ) : (
          <Badge tone="neutral">
            <Message id="team.member.deactivated" />
          </Badge>
        )}
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
              aria-label={
                member.active
                  ? intl.formatMessage({ id: 'team.member.deactivateName' }, { name })
                  : intl.formatMessage({ id: 'team.member.reactivateName' }, { name })
              }
              onClick={() => onToggleActive(member)}
            >
              {member.active ? <Message id="team.member.deactivate" /> : <Message id="team.member.reactivate" />}
            </Button>
          )}
        </td>
      )}
    </tr>
  );
}
