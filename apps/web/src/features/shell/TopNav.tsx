import { useRef } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/Icon';
import { Menu, MenuLink } from '../../components/Menu';
import { NavBadge } from './NavBadge';
import type { NavItem } from './nav-items';
import { useOverflowingItems } from './use-overflowing-items';

function MoreLabel() {
  return (
    <>
      More
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
    <nav ref={nav} className="topbar-nav" aria-label="Main">
      {items.map((item, i) =>
        hidden.has(i) ? null : (
          <NavLink key={item.label} to={href(item)} end={item.end} className="topbar-link">
            <Icon name={item.icon} />
            {item.label}
            <NavBadge count={item.badge?.count} noun={item.badge?.noun ?? ''} />
          </NavLink>
        ),
      )}
      {more.length > 0 && (
        <Menu
          label="More pages"
          buttonClassName={`topbar-link topbar-more${current ? ' active' : ''}`}
          button={
            <>
              <MoreLabel />
              {current && <span className="visually-hidden">: {current.label}, current page</span>}
            </>
          }
        >
          {more.map((item) => (
            <MenuLink key={item.label} to={href(item)}>
              <Icon name={item.icon} />
              {item.label}
              <NavBadge count={item.badge?.count} noun={item.badge?.noun ?? ''} />
            </MenuLink>
          ))}
        </Menu>
      )}
      <div ref={measure} className="topbar-nav-measure" aria-hidden="true">
        {items.map((item) => (
          <span key={item.label} className="topbar-link">
            <Icon name={item.icon} />
            {item.label}
            <NavBadge count={item.badge?.count} noun={item.badge?.noun ?? ''} />
          </span>
        ))}
        <span className="topbar-link topbar-more">
          <MoreLabel />
        </span>
      </div>
    </nav>
  );
}
