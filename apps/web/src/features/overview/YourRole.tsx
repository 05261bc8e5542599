import type { Role } from '@fieldplan/shared';
import { Avatar } from '../../components/Avatar';
import { Panel } from '../../components/Panel';
import { RoleBadge, roleDescriptionMessages } from '../../entities/member';
import { Message, useIntl } from '../../lib/i18n';

/** You in this workspace: your colour, your role and what it lets you do. */
export function YourRole({ name, email, colour, role }: { name: string; email: string; colour: string; role: Role }) {
  const intl = useIntl();
  return (
    <Panel title={intl.formatMessage({ id: 'overview.you.title' })}>
      <div className="you">
        <Avatar name={name} colour={colour} size="lg" />
        <div className="you-text">
          <span className="you-name">{name}</span>
          <span className="you-email ellipsis">{email}</span>
        </div>
        <RoleBadge role={role} />
      </div>
      <p className="you-role">
        <Message
          id="overview.you.roleDescription"
          values={{ description: intl.formatMessage(roleDescriptionMessages[role]) }}
        />
      </p>
    </Panel>
  );
}
