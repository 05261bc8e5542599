import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { RealtimeProvider } from '../../realtime/RealtimeProvider';
import { usePendingRequestCount } from '../booking';
import { ConnectionBanner, ConnectionIndicator } from '../connection';
import { LocationSharer, SharingBadge } from '../locations';
import { PresenceAvatars } from '../presence';
import { SearchButton } from '../search';
import { useAccountLanguage } from './LanguageChoice';
import { MobileNav } from './MobileNav';
import { navItems } from './nav-items';
import { TopNav } from './TopNav';
import { UserMenu } from './UserMenu';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';
import './AppShell.css';

/**
 * The frame of every workspace screen: top bar (switcher, navigation, who is online, the live
 * connection, you) and the page, all inside the workspace's realtime connection.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { me, role, slug, workspaceId } = useWorkspace();
  useAccountLanguage(me.user.language);
  const base = `/w/${slug}`;
  const pendingRequests = usePendingRequestCount(workspaceId, role);
  const items = navItems(intl, role, { pendingRequests });
  const screens = useMemo(
    () => navItems(intl, role).map((i) => ({ label: i.label, href: i.to ? `${base}/${i.to}` : base })),
    [intl, role, base],
  );
  return (
    <RealtimeProvider>
      <div className="shell">
        <a href="#main" className="skip-link">
          <Message id="shell.skipToContent" />
        </a>
        <header className="topbar">
          <MobileNav items={items} base={base} />
          <Link to={base} className="topbar-logo" aria-label={intl.formatMessage({ id: 'shell.logoLink' })}>
            <Logo compact />
          </Link>
          <div className="topbar-ws">
            <WorkspaceSwitcher />
          </div>
          <TopNav items={items} base={base} />
          <div className="topbar-end">
            <SearchButton screens={screens} />
            <PresenceAvatars />
            <SharingBadge />
            <ConnectionIndicator />
            <UserMenu />
          </div>
        </header>
        <ConnectionBanner />
        <LocationSharer />
        <main id="main" className="shell-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </RealtimeProvider>
  );
}
