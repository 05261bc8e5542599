import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { Listbox } from '../../components/Listbox';
import { Message, useIntl } from '../../lib/i18n';
import './Places.css';
import type { PlaceChoice, PlaceProvider, PlaceSuggestion } from './types';
import { usePlaceProvider } from './use-place-provider';

/** Typing pauses this long before a search is sent. */
export const searchDelayMs = 200;
const minQuery = 2;

// Google is a name, the same in every language.
const sourceTag: Record<PlaceSuggestion['source'], MessageDescriptor | string> = {
  ...defineMessages({
    customer: { id: 'places.source.customer' },
    city: { id: 'places.source.city' },
    address: { id: 'places.source.address' },
  }),
  google: 'Google',
};

interface PlacesComboboxProps {
  label: string;
  /** The address text (the form's address field). */
  value: string;
  /** Typing changes the address text. */
  onInputChange: (text: string) => void;
  /** Choosing a suggestion fills address and position. */
  onSelect: (choice: PlaceChoice) => void;
  /** Adds that workspace's customer addresses to the built-in search. */
  workspaceId?: string;
  /** Google's predictions lean towards this point (the workspace's map centre). */
  bias?: { lat: number; lng: number };
  error?: string | undefined;
  hint?: string;
  placeholder?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  /** Shows "optional" beside the label. */
  optional?: boolean;
  /** The input (a form focuses the first invalid field). */
  ref?: Ref<HTMLInputElement>;
  /** Leaving the field (a form marks it touched). */
  onBlur?: () => void;
  /** A search to use instead of the configured one (tests, stories). */
  provider?: PlaceProvider;
}

type Phase = 'idle' | 'searching' | 'done' | 'failed' | 'resolving';

/**
 * An address field with place suggestions (WAI-ARIA combobox with a listbox popup): type two or
 * more characters, ArrowDown/ArrowUp move, Enter chooses, Escape closes, a click chooses.
 */
export function PlacesCombobox(props: PlacesComboboxProps) {
  const intl = useIntl();
  const configured = usePlaceProvider(props.workspaceId, props.bias);
  const provider = props.provider ?? configured.provider;
  const generated = useId();
  const inputId = props.id ?? `${generated}-input`;
  const listId = `${generated}-list`;
  const statusId = `${generated}-status`;
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<PlaceSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [phase, setPhase] = useState<Phase>('idle');
  const [query, setQuery] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  // Debounced search of what was typed (not of text set by choosing a place).
  useEffect(() => {
    if (query === null) return;
    const text = query.trim();
    if (text.length < minQuery) {
      running.current?.abort();
      setOptions([]);
      setPhase('idle');
      return;
    }
    const timer = setTimeout(() => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setPhase('searching');
      provider
        .search(text, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setOptions(found);
          setActive(-1);
          setPhase('done');
        })
        .catch(() => {
          if (!controller.signal.aborted) setPhase('failed');
        });
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [query, provider]);

  useEffect(() => () => running.current?.abort(), []);

  const expanded = open && (options.length > 0 || phase === 'done' || phase === 'failed');
  const choose = async (option: PlaceSuggestion) => {
    setOpen(false);
    setQuery(null);
    setPhase('resolving');
    props.onInputChange(
      option.secondary && option.source !== 'customer' ? `${option.label}, ${option.secondary}` : option.label,
    );
    try {
      const choice = await provider.resolve(option);
      props.onInputChange(choice.address);
      props.onSelect(choice);
      setPhase('idle');
    } catch {
      setPhase('failed');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (n > 0) setActive((i) => (open ? (i + 1) % n : Math.max(0, i)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (n > 0) setActive((i) => (i <= 0 ? n - 1 : i - 1));
    } else if (event.key === 'Enter') {
      const option = expanded ? options[active] : undefined;
      if (option) {
        event.preventDefault();
        void choose(option);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        // Only the list closes (not the dialog or panel around the field).
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const status =
    phase === 'searching'
      ? intl.formatMessage({ id: 'places.status.searching' })
      : phase === 'resolving'
        ? intl.formatMessage({ id: 'places.status.resolving' })
        : phase === 'failed'
          ? intl.formatMessage({ id: 'places.status.failed' })
          : phase === 'done' && open
            ? options.length === 0
              ? intl.formatMessage({ id: 'places.status.none' })
              : intl.formatMessage({ id: 'places.status.found' }, { count: options.length })
            : '';
  const tag = (source: PlaceSuggestion['source']) => {
    const text = sourceTag[source];
    return typeof text === 'string' ? text : intl.formatMessage(text);
  };
  const describedBy = [props.error ? `${inputId}-error` : null, props.hint ? `${inputId}-hint` : null, statusId]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={`field places-field${props.error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={inputId}>
        {props.label}
        {props.optional && (
          <span className="field-optional">
            {' '}
            <Message id="places.combobox.optional" />
          </span>
        )}
      </label>
      <div className="places-box">
        <input
          ref={props.ref}
          id={inputId}
          name={props.name}
          className="input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          placeholder={props.placeholder}
          disabled={props.disabled}
          value={props.value}
          onChange={(e) => {
            props.onInputChange(e.target.value);
            setQuery(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            props.onBlur?.();
          }}
        />
        <Listbox
          id={listId}
          label={intl.formatMessage({ id: 'places.combobox.suggestions' }, { label: props.label })}
          className="places-list"
          optionClassName="places-option"
          hidden={!expanded}
          options={options}
          active={active}
          onActive={setActive}
          onChoose={(option) => void choose(option)}
        >
          {(option) => (
            <>
              <span className="places-label">{option.label}</span>
              {option.secondary && <span className="places-secondary">{option.secondary}</span>}
              <span className={`places-tag places-tag-${option.source}`}>{tag(option.source)}</span>
            </>
          )}
        </Listbox>
      </div>
      {props.error && (
        <p className="field-error" id={`${inputId}-error`}>
          {props.error}
        </p>
      )}
      {props.hint && (
        <p className="field-hint" id={`${inputId}-hint`}>
          {props.hint}
        </p>
      )}
      <p className="places-status" id={statusId} role="status" aria-live="polite">
        {status}
      </p>
      {configured.notice && !props.provider && <p className="places-notice">{configured.notice}</p>}
    </div>
  );
}
