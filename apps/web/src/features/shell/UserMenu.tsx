import { Avatar } from '../../components/Avatar';
import { Icon } from '../../components/Icon';
import { Menu, MenuHeader, MenuItem, MenuSeparator } from '../../components/Menu';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { useSignOut } from '../auth';
import { ShareLocationItem } from '../locations';

/** Your avatar; its menu says who you are signed in as and signs you out. */
export function UserMenu() {
  const { me, membership } = useWorkspace();
  const signOut = useSignOut();
  return (
    <Menu
      label={`Account: ${me.user.name}`}
      buttonClassName="user-trigger"
      align="end"
      button={
        <>
          <Avatar name={me.user.name} colour={membership.colour} size="md" />
          <span className="visually-hidden">Account: {me.user.name}</span>
        </>
      }
    >
      <MenuHeader>
        <span className="user-name">{me.user.name}</span>
        <span className="user-email">{me.user.email}</span>
      </MenuHeader>
      <MenuSeparator />
      <ShareLocationItem />
      <MenuItem onSelect={() => void signOut()}>
        <Icon name="logOut" />
        Sign out
      </MenuItem>
    </Menu>
  );
}
