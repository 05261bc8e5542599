import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, fakeFetch } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { googleCallbackName, resetGoogleLoader } from './google-maps';
import { PlacesCombobox } from './PlacesCombobox';
import { testPlaces } from './test-fixtures';
import type { PlaceChoice } from './types';

const places = testPlaces;
const maps = (googleApiKey: string | null) => ({
  googleApiKey,
  googleScriptBase: 'http://maps.test',
  tileUrlTemplate: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '© OpenStreetMap contributors',
});

function Harness({ onSelect }: { onSelect: (choice: PlaceChoice) => void }) {
  const [value, setValue] = useState('');
  return (
    <PlacesCombobox label="Address" value={value} onInputChange={setValue} onSelect={onSelect} workspaceId="ws-1" />
  );
}

function setup(googleApiKey: string | null = null, placesAnswer: Answer = places) {
  const fetch = fakeFetch({
    'GET /config': { version: 'test', demo: false, maps: maps(googleApiKey) },
    'GET /places': placesAnswer,
  });
  const onSelect = vi.fn();
  const view = renderWithStore(<Harness onSelect={onSelect} />, fetch);
  const input = screen.getByRole('combobox', { name: 'Address' });
  return { ...view, fetch, onSelect, input };
}

const activeOption = (input: HTMLElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

afterEach(() => {
  resetGoogleLoader();
  delete (window as { google?: unknown }).google;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('PlacesCombobox (built-in search)', () => {
  it('is an ARIA combobox that controls a listbox of suggestions', async () => {
    const { input, user, fetch } = setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await user.type(input, 'Ber');
    const listbox = await screen.findByRole('listbox', { name: 'Address suggestions' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    expect(screen.getByText('3 suggestions')).toHaveAttribute('role', 'status');
    // Debounced: one request for the three keystrokes.
    expect(fetch.callsTo('GET /places')).toHaveLength(1);
  });

  it('moves with ArrowDown/ArrowUp (wrapping) and chooses with Enter', async () => {
    const { input, user, onSelect } = setup();
    await user.type(input, 'Ber');
    await screen.findAllByRole('option');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Bergmannstraße 5');
    expect(activeOption(input)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Bergen');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Bergmannstraße 5');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(input)).toHaveTextContent('Bergen');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(input)).toHaveTextContent('Berlin');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(onSelect).toHaveBeenCalledWith({ address: 'Berlin, Germany', lat: 52.52437, lng: 13.41053, zoom: 11 }),
    );
    expect(input).toHaveValue('Berlin, Germany');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it("fills a customer's address as it is", async () => {
    const { input, user, onSelect } = setup();
    await user.type(input, 'Berg');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(onSelect).toHaveBeenCalledWith({
        address: 'Bergmannstraße 5, 10961 Berlin',
        lat: 52.49,
        lng: 13.39,
        zoom: 17,
      }),
    );
  });

  it('closes with Escape, keeping the text; ArrowDown opens it again', async () => {
    const { input, user, onSelect } = setup();
    await user.type(input, 'Ber');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Ber');
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('chooses with a click', async () => {
    const { input, user, onSelect } = setup();
    await user.type(input, 'Ber');
    await user.click(await screen.findByRole('option', { name: /Bergen/ }));
    await waitFor(() =>
      expect(onSelect).toHaveBeenCalledWith({ address: 'Bergen, Norway', lat: 60.39, lng: 5.32, zoom: 11 }),
    );
  });

  it("says quietly when the server's street search could not help, until an answer has streets again", async () => {
    let answered = 0;
    const { input, user } = setup(null, () => {
      answered += 1;
      const headers = new Headers({ 'content-type': 'application/json' });
      if (answered === 1) headers.set('fieldplan-notice', 'geocoder_unavailable');
      return new Response(JSON.stringify(places), { headers });
    });
    await user.type(input, 'Ber');
    const notice = 'Street search is unavailable — showing cities and customers only.';
    expect(await screen.findByText(notice)).toBeInTheDocument();
    // Cities and customers are still suggested.
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    await user.type(input, 'g');
    await waitFor(() => expect(screen.queryByText(notice)).not.toBeInTheDocument());
    expect(answered).toBe(2);
  });

  it('does not search for one character', async () => {
    const { input, user, fetch } = setup();
    await user.type(input, 'B');
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(fetch.callsTo('GET /places')).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('PlacesCombobox (Google)', () => {
  /** A stand-in for the Places API (New) surface we use. */
  function fakeGoogle() {
    const prediction = {
      placeId: 'g1',
      text: { text: 'Alexanderplatz, Berlin, Germany' },
      mainText: { text: 'Alexanderplatz' },
      secondaryText: { text: 'Berlin, Germany' },
      toPlace: () => ({
        fetchFields: async () => ({
          place: {
            formattedAddress: 'Alexanderplatz, 10178 Berlin, Germany',
            location: { lat: () => 52.5219, lng: () => 13.4132 },
            fetchFields: async () => ({}) as never,
          },
        }),
      }),
    };
    return {
      maps: {
        places: {
          AutocompleteSessionToken: class {},
          AutocompleteSuggestion: {
            fetchAutocompleteSuggestions: vi.fn(async () => ({ suggestions: [{ placePrediction: prediction }] })),
          },
        },
      },
    };
  }

  const script = () => document.head.querySelector<HTMLScriptElement>('script[src*="/maps/api/js"]');

  it('loads the script once with the key, libraries=places and the callback, and fills address and position', async () => {
    const { input, user, onSelect } = setup('browser-key');
    await user.type(input, 'Alex');
    await waitFor(() => expect(script()).not.toBeNull());
    const src = new URL(script()?.src ?? '');
    expect(`${src.origin}${src.pathname}`).toBe('http://maps.test/maps/api/js');
    expect(src.searchParams.get('key')).toBe('browser-key');
    expect(src.searchParams.get('libraries')).toBe('places');
    expect(src.searchParams.get('callback')).toBe(googleCallbackName);
    (window as { google?: unknown }).google = fakeGoogle();
    act(() => (window as unknown as Record<string, () => void>)[googleCallbackName]?.());
    expect(await screen.findByRole('option', { name: /Alexanderplatz/ })).toHaveTextContent('Google');
    await user.type(input, 'a');
    await screen.findByRole('option', { name: /Alexanderplatz/ });
    expect(document.head.querySelectorAll('script[src*="/maps/api/js"]')).toHaveLength(1);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(onSelect).toHaveBeenCalledWith({
        address: 'Alexanderplatz, 10178 Berlin, Germany',
        lat: 52.5219,
        lng: 13.4132,
        zoom: 17,
      }),
    );
  });

  it('falls back to the built-in search, saying so quietly, when the script fails to load', async () => {
    const { input, user, fetch } = setup('browser-key');
    await user.type(input, 'Ber');
    await waitFor(() => expect(script()).not.toBeNull());
    act(() => {
      script()?.dispatchEvent(new Event('error'));
    });
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    expect(fetch.callsTo('GET /places').length).toBeGreaterThan(0);
    expect(screen.getByText('Google Places is unavailable — using the built-in search.')).toBeInTheDocument();
  });
});
