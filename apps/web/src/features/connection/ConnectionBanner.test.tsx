import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { connectionChanged } from '../../realtime/realtime-slice';
import { fakeFetch } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { ConnectionBanner } from './ConnectionBanner';
import { ConnectionIndicator } from './ConnectionIndicator';
import { bannerGraceMs } from './connection-copy';

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

  it('shows the banner together with the Offline dot: both read the same state, at once', () => {
    const { store } = setup();
    act(() => void store.dispatch(connectionChanged({ state: 'connected', at: Date.now() })));
    act(() => void store.dispatch(connectionChanged({ state: 'unavailable', at: Date.now() })));
    expect(screen.getByRole('img', { name: 'Live updates: Offline' })).toBeInTheDocument();
    expect(banner()).toHaveAttribute('data-state', 'unavailable');
    act(() => void store.dispatch(connectionChanged({ state: 'disconnected', at: Date.now() })));
    expect(screen.getByRole('img', { name: 'Live updates: Disconnected' })).toBeInTheDocument();
    expect(banner()).toHaveAttribute('data-state', 'disconnected');
  });

  it('waits a moment before putting a fresh "connecting" (a page load, a quick reconnect) in a banner', () => {
    vi.useFakeTimers();
    try {
      const { store } = setup();
      act(() => void store.dispatch(connectionChanged({ state: 'connecting', at: Date.now() })));
      expect(screen.getByRole('img', { name: 'Live updates: Connecting' })).toBeInTheDocument();
      expect(banner()).toBeNull();
      act(() => void vi.advanceTimersByTime(bannerGraceMs));
      expect(banner()).toHaveTextContent('Connecting to live updates…');
    } finally {
      vi.useRealTimers();
    }
  });
});
