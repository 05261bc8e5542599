import { roleLabel } from '@fieldplan/shared';
import { Icon } from '../../components/Icon';
import { Menu, MenuHeader, MenuLink } from '../../components/Menu';
import { useWorkspace } from '../../entities/workspace/use-workspace';

function WorkspaceMark({ name }: { name: string }) {
  return (
    <span className="ws-mark" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** The workspace you are in, and a menu of the others you belong to. */
export function WorkspaceSwitcher() {
  const { me, membership } = useWorkspace();
  return (
    <Menu
      label="Your workspaces"
      buttonClassName="ws-trigger"
      button={
        <>
          <WorkspaceMark name={membership.workspaceName} />
          <span className="ws-name" title={membership.workspaceName}>
            {membership.workspaceName}
          </span>
          <span className="visually-hidden">: switch workspace</span>
          <Icon name="chevronDown" size={14} className="ws-chevron" />
        </>
      }
    >
      <MenuHeader>
        <span className="muted">Your workspaces</span>
      </MenuHeader>
      {me.memberships.map((m) => (
        <MenuLink key={m.workspaceId} to={`/w/${m.workspaceSlug}`} checked={m.workspaceId === membership.workspaceId}>
          <WorkspaceMark name={m.workspaceName} />
          <span className="ws-option">
            <span className="ws-option-name">{m.workspaceName}</span>
            <span className="ws-option-role">{roleLabel[m.role]}</span>
          </span>
          {m.workspaceId === membership.workspaceId && <Icon name="check" className="ws-check" />}
        </MenuLink>
      ))}
    </Menu>
  );
}
