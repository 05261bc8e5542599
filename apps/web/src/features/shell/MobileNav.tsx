import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/Icon';
import { useIntl } from '../../lib/i18n';
import { NavBadge } from './NavBadge';
import type { NavItem } from './nav-items';

/**
 * Phones: one menu button that opens the navigation as a sheet of large links. It closes on
 * navigation, Escape, or a tap outside.
 */
export function MobileNav({ items, base }: { items: NavItem[]; base: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // What the sheet's items count (booking requests waiting) shows on the closed menu button too.
  const waiting = items.reduce((sum, item) => sum + (item.badge?.count ?? 0), 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of watching the path.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="mobile-nav">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={intl.formatMessage({ id: 'shell.mobileNav.menu' }, { waiting })}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name={open ? 'x' : 'menu'} size={20} />
        {waiting > 0 && <span className="nav-badge mobile-nav-dot" aria-hidden="true" />}
      </button>
      <div ref={panel} id={panelId} className="mobile-nav-panel" hidden={!open}>
        <nav aria-label={intl.formatMessage({ id: 'shell.nav.main' })}>
          {items.map((item) => (
            <NavLink
              key={item.label}
              to={item.to ? `${base}/${item.to}` : base}
              end={item.end}
              className="mobile-nav-link"
            >
              <Icon name={item.icon} size={20} />
              {item.label}
              <NavBadge count={item.badge?.count} words={item.badge?.words} />
            </NavLink>
          ))}
        </nav>
      </div>
    </div>
  );
}
