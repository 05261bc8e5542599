import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { focusableIn } from './focusable';
import './Dropdown.css';
import './Popover.css';

interface PopoverProps {
  /** What the trigger shows. */
  button: ReactNode;
  /** The trigger's accessible name. */
  buttonLabel: string;
  buttonClassName?: string;
  /** The panel's heading (visible, and its accessible name). */
  title: string;
  align?: 'start' | 'end';
  children: (close: () => void) => ReactNode;
}

/**
 * A small non-modal panel under its button: focus moves into it, Escape or a click outside
 * closes it and focus returns to the button.
 */
export function Popover({ button, buttonLabel, buttonClassName, title, align = 'start', children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const close = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const el = panel.current;
    if (el) (el.querySelector<HTMLElement>('[tabindex="0"]') ?? focusableIn(el)[0] ?? el).focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div className="popover-root" ref={root}>
      <button
        ref={trigger}
        type="button"
        className={buttonClassName}
        aria-label={buttonLabel}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
      >
        {button}
      </button>
      {open && (
        <div
          ref={panel}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={`popover dropdown dropdown-${align}`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <p id={titleId} className="popover-title">
            {title}
          </p>
          {children(close)}
        </div>
      )}
    </div>
  );
}
