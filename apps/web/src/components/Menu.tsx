import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import './Dropdown.css';
import './Menu.css';

const MenuContext = createContext<{ close: () => void }>({ close: () => {} });

interface MenuProps {
  /**
   * What the trigger button shows; its text is the button's accessible name, so words a sighted
   * user gets from an icon or initials go in as visually hidden text (the name then contains what
   * is visible: WCAG 2.5.3, label in name).
   */
  button: ReactNode;
  /** The open menu's accessible name. */
  label?: string;
  buttonClassName?: string;
  align?: 'start' | 'end';
  children: ReactNode;
}

function items(list: HTMLElement | null): HTMLElement[] {
  return list ? Array.from(list.querySelectorAll<HTMLElement>('[role^="menuitem"]')) : [];
}

/**
 * A menu button (WAI-ARIA pattern): Enter, Space or ArrowDown open it on the first item, arrows and
 * Home/End move, Escape closes and returns focus to the button, Tab or a click outside closes it.
 */
export function Menu({ button, label, buttonClassName, align = 'start', children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();

  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) trigger.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const all = items(list.current);
    (focusOnOpen.current === 'last' ? all[all.length - 1] : all[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const openWith = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const onTriggerKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items(list.current);
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div className="menu-root" ref={root}>
      <button
        ref={trigger}
        type="button"
        className={buttonClassName ?? 'menu-trigger'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onTriggerKey}
      >
        {button}
      </button>
      {open && (
        <MenuContext.Provider value={{ close }}>
          <div
            ref={list}
            id={menuId}
            role="menu"
            aria-label={label}
            className={`menu dropdown dropdown-${align}`}
            onKeyDown={onListKey}
          >
            {children}
          </div>
        </MenuContext.Provider>
      )}
    </div>
  );
}

interface MenuItemProps {
  onSelect: () => void;
  children: ReactNode;
}

/** What choosing an item does: the menu closes (focus back on its button), then the item acts. */
function useSelect(onSelect: () => void) {
  const { close } = useContext(MenuContext);
  return () => {
    close();
    onSelect();
  };
}

export function MenuItem({ onSelect, children }: MenuItemProps) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} className="menu-item" onClick={useSelect(onSelect)}>
      {children}
    </button>
  );
}

/** One choice of several (e.g. your language): a `menuitemradio`, checked when it is the current one. */
export function MenuRadioItem({ onSelect, children, checked }: MenuItemProps & { checked: boolean }) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      className="menu-item"
      onClick={useSelect(onSelect)}
    >
      {children}
    </button>
  );
}

interface MenuLinkProps {
  to: string;
  children: ReactNode;
  /** Marks the current choice (e.g. the workspace you are in): a `menuitemradio`. */
  checked?: boolean;
}

export function MenuLink({ to, children, checked }: MenuLinkProps) {
  const { close } = useContext(MenuContext);
  return (
    <Link
      to={to}
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      tabIndex={-1}
      className="menu-item"
      onClick={() => close()}
    >
      {children}
    </Link>
  );
}

/** Non-interactive text at the top of a menu (e.g. who is signed in). */
export function MenuHeader({ children }: { children: ReactNode }) {
  return (
    <div className="menu-header" role="presentation">
      {children}
    </div>
  );
}

export function MenuSeparator() {
  return <hr className="menu-separator" />;
}
