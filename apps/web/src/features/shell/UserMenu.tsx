import { Avatar } from '../../components/Avatar';
import { Icon } from '../../components/Icon';
import { Menu, MenuHeader, MenuItem, MenuSeparator } from '../../components/Menu';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { useSignOut } from '../auth';
import { ShareLocationItem } from '../locations';
import { LanguageChoice } from './LanguageChoice';

/** Your avatar; its menu says who you are signed in as, picks your language and signs you out. */
export function UserMenu() {
  const intl = useIntl();
  const { me, membership } = useWorkspace();
  const signOut = useSignOut();
  const account = intl.formatMessage({ id: 'shell.userMenu.account' }, { name: me.user.name });
  return (
    <Menu
      label={account}
      buttonClassName="user-trigger"
      align="end"
      button={
        <>
          <Avatar name={me.user.name} colour={membership.colour} size="md" />
          <span className="visually-hidden">{account}</span>
        </>
      }
    >
      <MenuHeader>
        <span className="user-name">{me.user.name}</span>
        <span className="user-email">{me.user.email}</span>
      </MenuHeader>
      <MenuSeparator />
      <ShareLocationItem />
      <LanguageChoice chosen={me.user.language} />
      <MenuSeparator />
      <MenuItem onSelect={() => void signOut()}>
        <Icon name="logOut" />
        <Message id="shell.userMenu.signOut" />
      </MenuItem>
    </Menu>
  );
}
