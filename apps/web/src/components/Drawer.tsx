import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { CloseButton } from './CloseButton';
import { rememberOpener, returnFocus } from './return-focus';
import './Drawer.css';

interface DrawerProps {
  title: ReactNode;
  /** Small line under the title (status, time). */
  subtitle?: ReactNode;
  onClose: () => void;
  /** Buttons at the top right, before Close. */
  actions?: ReactNode;
  /** A sticky bar at the bottom (a form's Save/Cancel). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A side panel over the board (a job's detail or form): the board stays visible and usable beside
 * it. Focus moves to the panel when it opens; Escape closes it, and focus goes back to what opened it.
 */
export function Drawer({ title, subtitle, onClose, actions, footer, children }: DrawerProps) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    rememberOpener();
    // After the close has re-rendered the board (a frame later), not during this unmount.
    return () => void requestAnimationFrame(returnFocus);
  }, []);

  useEffect(() => {
    const el = panel.current;
    (el?.querySelector<HTMLElement>('[data-autofocus]') ?? el)?.focus();
  }, []);

  return (
    <aside
      ref={panel}
      className="drawer"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.stopPropagation();
          onCloseRef.current();
        }
      }}
    >
      <header className="drawer-header">
        <div className="drawer-heading">
          <h2 id={titleId}>{title}</h2>
          {subtitle && <div className="drawer-subtitle">{subtitle}</div>}
        </div>
        <div className="drawer-actions">
          {actions}
          <CloseButton className="icon-button drawer-close" onClick={onClose} />
        </div>
      </header>
      <div className="drawer-body">{children}</div>
      {footer && <footer className="drawer-footer">{footer}</footer>}
    </aside>
  );
}
