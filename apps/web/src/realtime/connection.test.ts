import type Pusher from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDispatch } from '../app/store';
import { probeEveryMs, watchConnection } from './connection';

/** The part of pusher-js's connection manager that watchConnection uses, driven by the test. */
function fakePusher() {
  const listeners = new Set<(change: { current: string }) => void>();
  const connection = {
    state: 'connecting',
    bind: (_event: string, fn: (change: { current: string }) => void) => listeners.add(fn),
    unbind: (_event: string, fn: (change: { current: string }) => void) => listeners.delete(fn),
  };
  const move = (current: string) => {
    connection.state = current;
    for (const fn of listeners) fn({ current });
  };
  const pusher = {
    connection,
    signin: vi.fn(),
    connect: vi.fn(() => move('connecting')),
    disconnect: vi.fn(() => move('disconnected')),
  };
  return { pusher, move };
}

describe('watchConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts over at once when the server answers again while unavailable, without reporting a disconnect', async () => {
    const { pusher, move } = fakePusher();
    const states: string[] = [];
    const dispatch = ((action: { payload: { state: string } }) => states.push(action.payload.state)) as AppDispatch;
    let serverUp = false;
    const probeServer = vi.fn(async () => serverUp);
    const watch = watchConnection(pusher as unknown as Pusher, {
      dispatch,
      checkSession: async () => true,
      probeServer,
    });

    move('unavailable');
    await vi.advanceTimersByTimeAsync(probeEveryMs);
    expect(probeServer).toHaveBeenCalledTimes(1);
    expect(pusher.connect).not.toHaveBeenCalled();

    serverUp = true;
    await vi.advanceTimersByTimeAsync(probeEveryMs);
    expect(pusher.disconnect).toHaveBeenCalledTimes(1);
    expect(pusher.connect).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting', 'unavailable', 'connecting']);

    move('connected');
    await vi.advanceTimersByTimeAsync(probeEveryMs * 3);
    expect(probeServer).toHaveBeenCalledTimes(2);
    watch.close();
  });

  it('does not probe while connected, and stops probing when closed', async () => {
    const { pusher, move } = fakePusher();
    const probeServer = vi.fn(async () => false);
    const watch = watchConnection(pusher as unknown as Pusher, {
      dispatch: (() => undefined) as unknown as AppDispatch,
      checkSession: async () => true,
      probeServer,
    });
    move('connected');
    await vi.advanceTimersByTimeAsync(probeEveryMs * 2);
    expect(probeServer).not.toHaveBeenCalled();
    move('unavailable');
    watch.close();
    await vi.advanceTimersByTimeAsync(probeEveryMs * 2);
    expect(probeServer).not.toHaveBeenCalled();
  });
});
