import { useRef } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/Icon';
import { Menu, MenuLink } from '../../components/Menu';
import { Message, useIntl } from '../../lib/i18n';
import { NavBadge } from './NavBadge';
import type { NavItem } from './nav-items';
import { useOverflowingItems } from './use-overflowing-items';

function MoreLabel() {
  return (
    <>
      <Message id="shell.nav.more" />
      <Icon name="chevronDown" size={14} className="topbar-more-chevron" />
    </>
  );
}

/**
 * The top bar's navigation on one line: the items that fit, by priority, in their usual order; the
 * others in a "More" menu (a menu button: arrows, Escape back to the button). "More" looks current
 * when the open screen is one of its items.
 */
export function TopNav({ items, base }: { items: NavItem[]; base: string }) {
  const intl = useIntl();
  const nav = useRef<HTMLElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const hidden = useOverflowingItems(
    nav,
    measure,
    items.map((item) => item.priority),
  );
  const { pathname } = useLocation();
  const href = (item: NavItem) => (item.to ? `${base}/${item.to}` : base);
  const more = items.filter((_, i) => hidden.has(i));
  const current = more.find((item) => matchPath({ path: href(item), end: item.end ?? false }, pathname));

  return (
    <nav ref={nav} className="topbar-nav" aria-label={intl.formatMessage({ id: 'shell.nav.main' })}>
      {items.map((item, i) =>
        hidden.has(i) ? null : (
          <NavLink key={item.label} to={href(item)} end={item.end} className="topbar-link">
            <Icon name={item.icon} />
            {item.label}
            <NavBadge count={item.badge?.count} words={item.badge?.words} />
          </NavLink>
        ),
      )}
      {more.length > 0 && (
        <Menu
          label={intl.formatMessage({ id: 'shell.nav.morePages' })}
          buttonClassName={`topbar-link topbar-more${current ? ' active' : ''}`}
          button={
            <>
              <MoreLabel />
              {current && (
                <span className="visually-hidden">
                  <Message id="shell.nav.moreCurrent" values={{ page: current.label }} />
                </span>
              )}
            </>
          }
        >
          {more.map((item) => (
            <MenuLink key={item.label} to={href(item)}>
              <Icon name={item.icon} />
              {item.label}
              <NavBadge count={item.badge?.count} words={item.badge?.words} />
            </MenuLink>
          ))}
        </Menu>
      )}
      <div ref={measure} className="topbar-nav-measure" aria-hidden="true">
        {items.map((item) => (
          <span key={item.label} className="topbar-link">
            <Icon name={item.icon} />
            {item.label}
            <NavBadge count={item.badge?.count} words={item.badge?.words} />
          </span>
        ))}
        <span className="topbar-link topbar-more">
          <MoreLabel />
        </span>
      </div>
    </nav>
  );
}
