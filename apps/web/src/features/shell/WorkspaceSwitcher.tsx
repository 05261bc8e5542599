import { useState } from 'react';
import { Icon } from '../../components/Icon';
import { Menu, MenuHeader, MenuItem, MenuLink, MenuSeparator } from '../../components/Menu';
import { roleMessages } from '../../entities/member';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { RestoreArchiveDialog } from '../export';

function WorkspaceMark({ name }: { name: string }) {
  return (
    <span className="ws-mark" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** The workspace you are in, a menu of the others you belong to, and a new one from an archive. */
export function WorkspaceSwitcher() {
  const intl = useIntl();
  const { me, membership } = useWorkspace();
  const [restoring, setRestoring] = useState(false);
  return (
    <>
      <Menu
        label={intl.formatMessage({ id: 'shell.workspaces.label' })}
        buttonClassName="ws-trigger"
        button={
          <>
            <WorkspaceMark name={membership.workspaceName} />
            <span className="ws-name ellipsis" title={membership.workspaceName}>
              {membership.workspaceName}
            </span>
            <span className="visually-hidden">
              <Message id="shell.workspaces.switch" />
            </span>
            <Icon name="chevronDown" size={14} className="ws-chevron" />
          </>
        }
      >
        <MenuHeader>
          <span className="muted">
            <Message id="shell.workspaces.label" />
          </span>
        </MenuHeader>
        {me.memberships.map((m) => (
          <MenuLink key={m.workspaceId} to={`/w/${m.workspaceSlug}`} checked={m.workspaceId === membership.workspaceId}>
            <WorkspaceMark name={m.workspaceName} />
            <span className="ws-option">
              <span className="ws-option-name ellipsis">{m.workspaceName}</span>
              <span className="ws-option-role">{intl.formatMessage(roleMessages[m.role])}</span>
            </span>
            {m.workspaceId === membership.workspaceId && <Icon name="check" className="ws-check" />}
          </MenuLink>
        ))}
        <MenuSeparator />
        <MenuItem onSelect={() => setRestoring(true)}>
          <Icon name="upload" />
          <span>
            <Message id="shell.workspaces.fromArchive" />
          </span>
        </MenuItem>
      </Menu>
      <RestoreArchiveDialog open={restoring} onClose={() => setRestoring(false)} />
    </>
  );
}
