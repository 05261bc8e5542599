import type { Place } from '@fieldplan/shared';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Listbox } from '../../../components/Listbox';
import { Message, useIntl } from '../../../lib/i18n';
import { searchPlaces } from './public-api';

export interface ChosenPlace {
  address: string;
  lat: number;
  lng: number;
}

/**
 * The address: a combobox over the public places search (ARIA 1.2 pattern: arrows move through the
 * suggestions, Enter picks, Escape closes). Only a picked suggestion has a position to book.
 */
export function AddressStep({ slug, onChoose }: { slug: string; onChoose: (place: ChosenPlace) => void }) {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const [places, setPlaces] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<'idle' | 'searching' | 'done' | 'failed'>('idle');
  const listId = useId();
  const inputId = useId();

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setPlaces([]);
      setStatus('idle');
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setStatus('searching');
      searchPlaces(slug, q, controller.signal)
        .then((answer) => {
          if (controller.signal.aborted) return;
          setPlaces(answer.ok ? answer.data : []);
          setActive(-1);
          setStatus(answer.ok ? 'done' : 'failed');
        })
        .catch(() => undefined);
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [slug, query]);

  const choose = (place: Place) => {
    const address = place.source === 'city' ? `${place.label}, ${place.secondary}` : place.label;
    setOpen(false);
    onChoose({ address, lat: place.lat, lng: place.lng });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && places.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % places.length);
    } else if (e.key === 'ArrowUp' && places.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? places.length - 1 : i - 1));
    } else if (e.key === 'Enter') {
      const place = places[active] ?? (places.length === 1 ? places[0] : undefined);
      if (open && place) {
        e.preventDefault();
        choose(place);
      }
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const showList = open && places.length > 0;
  const activeId = showList && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <div className="book-combo">
      <label className="field-label" htmlFor={inputId}>
        <Message id="booking.address.label" />
      </label>
      <div className="book-combo-box">
        <input
          id={inputId}
          className="input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={activeId}
          autoComplete="street-address"
          placeholder={intl.formatMessage({ id: 'booking.address.placeholder' })}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          onFocus={() => setOpen(true)}
        />
        <Listbox
          id={listId}
          label={intl.formatMessage({ id: 'booking.address.suggestions' })}
          className="book-options"
          optionClassName="book-option"
          hidden={!showList}
          options={places}
          active={active}
          onActive={setActive}
          onChoose={choose}
        >
          {(place) => (
            <>
              <span className="book-option-label">{place.label}</span>
              <span className="book-option-secondary">{place.secondary}</span>
            </>
          )}
        </Listbox>
      </div>
      <p className="field-hint" aria-live="polite">
        {status === 'searching' ? (
          <Message id="booking.address.searching" />
        ) : status === 'failed' ? (
          <Message id="booking.address.failed" />
        ) : status === 'done' && places.length === 0 ? (
          <Message id="booking.address.noMatch" />
        ) : status === 'done' ? (
          <Message id="booking.address.found" values={{ count: places.length }} />
        ) : (
          <Message id="booking.address.hint" />
        )}
      </p>
    </div>
  );
}
