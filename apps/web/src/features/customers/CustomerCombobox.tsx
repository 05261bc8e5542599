import type { Customer } from '@fieldplan/shared';
import { type KeyboardEvent, useId, useState } from 'react';
import { FieldShell, useFieldIds } from '../../components/Field';
import { Message, useIntl } from '../../lib/i18n';
import { useListCustomersQuery } from './endpoints';
import { useDebounced } from './use-debounced';
import '../../components/Listbox.css';

interface CustomerComboboxProps {
  workspaceId: string;
  /** The chosen customer's name ('' for none). */
  name: string;
  onChoose: (customer: Customer | null) => void;
  error?: string | undefined;
  /** The field's label; "Customer" when absent. */
  label?: string;
}

/**
 * Search-as-you-type among customers (name, address, phone), following the ARIA combobox pattern:
 * arrows move through the options, Enter chooses, Escape closes (a second Escape clears).
 */
export function CustomerCombobox({ workspaceId, name, onChoose, error, label }: CustomerComboboxProps) {
  const intl = useIntl();
  const hint = intl.formatMessage({ id: 'customers.combobox.hint' });
  const [text, setText] = useState(name);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [lastName, setLastName] = useState(name);
  if (name !== lastName) {
    // The form changed the value (reset, prefill): show it.
    setLastName(name);
    setText(name);
  }
  const query = useDebounced(text.trim(), 200);
  const ids = useFieldIds(undefined, hint, error);
  const listId = useId();
  const { data, isFetching } = useListCustomersQuery({ workspaceId, q: query || undefined, limit: 8 }, { skip: !open });
  const options = data?.items ?? [];
  const optionId = (i: number) => `${listId}-${i}`;
  const expanded = open && (options.length > 0 || (!isFetching && data !== undefined));

  const choose = (customer: Customer) => {
    setText(customer.name);
    setLastName(customer.name);
    setOpen(false);
    onChoose(customer);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length === 0 ? 0 : (i + step + options.length) % options.length));
    } else if (event.key === 'Enter' && expanded) {
      const option = options[active];
      if (option) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      } else if (text) {
        event.preventDefault();
        event.stopPropagation();
        setText('');
        onChoose(null);
      }
    }
  };

  return (
    <FieldShell
      ids={ids}
      label={label ?? intl.formatMessage({ id: 'customers.combobox.label' })}
      hint={hint}
      error={error}
      optional
      className="combobox"
    >
      <div className="combobox-wrap">
        <input
          id={ids.inputId}
          className="input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && options[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
            if (e.target.value === '') onChoose(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            if (text !== name) setText(name);
          }}
          onKeyDown={onKeyDown}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={intl.formatMessage({ id: 'customers.combobox.listLabel' })}
          className="listbox-popup combobox-list"
          hidden={!expanded}
        >
          {options.map((c, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input, which points at the option (aria-activedescendant) and handles its keys.
            <div
              key={c.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="listbox-option combobox-option"
              onMouseDown={(e) => {
                // Choosing on press keeps focus in the input (no blur that would close the list first).
                e.preventDefault();
                choose(c);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span className="combobox-name">{c.name}</span>
              <span className="combobox-meta">{c.address}</span>
            </div>
          ))}
          {expanded && options.length === 0 && (
            <div className="combobox-empty">
              <Message id="customers.combobox.noMatch" values={{ text }} />
            </div>
          )}
        </div>
      </div>
    </FieldShell>
  );
}
