import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connectionChanged } from '../../realtime/realtime-slice';
import { fakeFetch } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { ConnectionBanner } from './ConnectionBanner';
import { ConnectionIndicator } from './ConnectionIndicator';

/** The banner (the toast region is also a status). */
const banner = () => document.querySelector<HTMLElement>('.connection-banner');

function setup() {
  return renderWithStore(
    <>
      <ConnectionIndicator />
      <ConnectionBanner />
    </>,
    fakeFetch({}),
  );
}

describe('the connection indicator and banner', () => {
  it('shows nothing when realtime is not configured', () => {
    setup();
    expect(screen.queryByRole('img', { name: /Live updates/ })).not.toBeInTheDocument();
    expect(banner()).toBeNull();
  });

  it('is a quiet dot when connected, and a banner for every other state that lasts', () => {
    const { store } = setup();
    const long = Date.now() - 10_000;
    act(() => void store.dispatch(connectionChanged({ state: 'connected', at: long })));
    expect(screen.getByRole('img', { name: 'Live updates: Live' })).toHaveAttribute('data-state', 'connected');
    expect(banner()).toBeNull();

    act(() => void store.dispatch(connectionChanged({ state: 'unavailable', at: long })));
    expect(banner()).toHaveTextContent(/unavailable/);
    expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();

    for (const state of ['failed', 'disconnected'] as const) {
      act(() => void store.dispatch(connectionChanged({ state, at: long })));
      expect(banner()).toHaveAttribute('data-state', state);
      expect(screen.getByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    }
    act(() => void store.dispatch(connectionChanged({ state: 'connecting', at: long })));
    expect(screen.getByRole('img', { name: 'Live updates: Connecting' })).toBeInTheDocument();
    expect(banner()).toHaveTextContent('Connecting to live updates…');
  });

  it('waits a moment before calling a fresh state an outage', () => {
    const { store } = setup();
    act(() => void store.dispatch(connectionChanged({ state: 'unavailable', at: Date.now() })));
    expect(screen.getByRole('img', { name: 'Live updates: Offline' })).toBeInTheDocument();
    expect(banner()).toBeNull();
  });
});
