import { type KeyboardEvent, useDeferredValue, useId, useMemo, useState } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { useIntl } from '../../lib/i18n';
import { maxQueryLength, type SearchEntry, type SearchKind } from './search-index';
import { type Screen, useSearch } from './use-search';

const groupTitle: Record<SearchKind, MessageDescriptor> = defineMessages({
  screen: { id: 'search.group.screen' },
  job: { id: 'search.group.job' },
  customer: { id: 'search.group.customer' },
  address: { id: 'search.group.address' },
  technician: { id: 'search.group.technician' },
});

/**
 * The command palette: one box finding screens, jobs (by title, customer, address), customers,
 * addresses and technicians. An ARIA combobox over a grouped listbox: arrows move, Enter opens,
 * Escape closes and gives focus back to where it was.
 */
interface PaletteProps {
  open: boolean;
  onClose: () => void;
  screens: readonly Screen[];
}

export function CommandPalette({ open, onClose, screens }: PaletteProps) {
  const intl = useIntl();
  return (
    <Dialog open={open} onClose={onClose} title={intl.formatMessage({ id: 'search.palette.title' })} size="wide">
      {open && <PaletteBody onClose={onClose} screens={screens} />}
    </Dialog>
  );
}

function PaletteBody({ onClose, screens }: Omit<PaletteProps, 'open'>) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const query = useDeferredValue(text);
  const { groups, loading } = useSearch(query, screens);
  const navigate = useNavigate();
  const listId = useId();
  const flat = useMemo(() => groups.flatMap((g) => g.entries), [groups]);
  const current = flat.length > 0 ? Math.min(active, flat.length - 1) : -1;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const go = (entry: SearchEntry) => {
    onClose();
    navigate(entry.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (flat.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = (current + step + flat.length) % flat.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      const entry = flat[current];
      if (!entry) return;
      event.preventDefault();
      go(entry);
    }
  };

  let index = 0;
  const hasQuery = text.trim() !== '';
  return (
    <div className="palette">
      <input
        data-autofocus
        className="input palette-input"
        type="text"
        role="combobox"
        aria-label={intl.formatMessage({ id: 'search.palette.label' })}
        aria-expanded={flat.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        placeholder={intl.formatMessage({ id: 'search.palette.placeholder' })}
        autoComplete="off"
        spellCheck={false}
        maxLength={maxQueryLength}
        value={text}
        onChange={(e) => {
          setText(e.target.value.slice(0, maxQueryLength));
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={intl.formatMessage({ id: 'search.palette.results' })}
        className="palette-results"
      >
        {groups.map((group) => {
          const headingId = `${listId}-${group.kind}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group (a fieldset can't sit in a listbox).
            <div key={group.kind} role="group" aria-labelledby={headingId} className="palette-group">
              <div id={headingId} role="presentation" className="palette-group-title">
                {intl.formatMessage(groupTitle[group.kind])}
              </div>
              {group.entries.map((entry) => {
                const i = index++;
                return (
                  // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input, which points at the option (aria-activedescendant) and handles its keys.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: as above, the input takes arrows and Enter for every option.
                  <div
                    key={`${entry.kind}:${entry.id}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === current}
                    className="palette-option"
                    onMouseMove={() => i !== current && setActive(i)}
                    onClick={() => go(entry)}
                  >
                    <span className="palette-option-label">{entry.label}</span>
                    {entry.detail && <span className="palette-option-detail ellipsis">{entry.detail}</span>}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <p className="palette-status" role="status">
        {!hasQuery
          ? intl.formatMessage({ id: 'search.palette.help' })
          : flat.length > 0
            ? intl.formatMessage({ id: 'search.palette.count' }, { count: flat.length })
            : loading
              ? intl.formatMessage({ id: 'search.palette.loading' })
              : intl.formatMessage({ id: 'search.palette.nothing' })}
      </p>
    </div>
  );
}
