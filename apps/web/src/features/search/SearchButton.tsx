import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon';
import { Message } from '../../lib/i18n';
import { CommandPalette } from './CommandPalette';
import type { Screen } from './use-search';
import './Search.css';

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The top bar's search box: opens the command palette, as Ctrl-K (⌘-K) does from anywhere. */
export function SearchButton({ screens }: { screens: readonly Screen[] }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        className="topbar-search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
      >
        <Icon name="search" size={14} />
        <span className="topbar-search-label">
          <Message id="search.button" />
        </span>
        <kbd className="topbar-search-key">{mac ? '⌘K' : <Message id="search.button.shortcut" />}</kbd>
      </button>
      <CommandPalette open={open} onClose={() => setOpen(false)} screens={screens} />
    </>
  );
}
