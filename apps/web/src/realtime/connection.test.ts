import type Pusher from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDispatch } from '../base/store-types';
import { fastProbeEveryMs, fastProbeForMs, probeEveryMs, watchConnection } from './connection';

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
    await vi.advanceTimersByTimeAsync(0);
    expect(probeServer).toHaveBeenCalledTimes(1);
    expect(pusher.connect).not.toHaveBeenCalled();

    serverUp = true;
    await vi.advanceTimersByTimeAsync(fastProbeEveryMs);
    expect(pusher.disconnect).toHaveBeenCalledTimes(1);
    expect(pusher.connect).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting', 'unavailable', 'connecting']);

    move('connected');
    const probes = probeServer.mock.calls.length;
    await vi.advanceTimersByTimeAsync(probeEveryMs * 3);
    expect(probeServer).toHaveBeenCalledTimes(probes);
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
    const probes = probeServer.mock.calls.length;
    await vi.advanceTimersByTimeAsync(probeEveryMs * 2);
    expect(probeServer).toHaveBeenCalledTimes(probes);
  });

  it('probes at once when a connected socket drops, and starts over as soon as the server answers', async () => {
    const { pusher, move } = fakePusher();
    let serverUp = false;
    const probeServer = vi.fn(async () => serverUp);
    const watch = watchConnection(pusher as unknown as Pusher, {
      dispatch: (() => undefined) as unknown as AppDispatch,
      checkSession: async () => true,
      probeServer,
    });
    move('connected');
    // The server restarts: pusher-js retries by itself ("connecting") and would wait 10 s to say "unavailable".
    move('connecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(probeServer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(pusher.connect).not.toHaveBeenCalled();

    serverUp = true;
    await vi.advanceTimersByTimeAsync(fastProbeEveryMs);
    expect(pusher.connect).toHaveBeenCalledTimes(1);
    move('connected');
    watch.close();
  });

  it('spaces its restarts out while the server answers but the socket does not connect, and probes less after a while', async () => {
    const { pusher, move } = fakePusher();
    const probeServer = vi.fn(async () => true);
    const watch = watchConnection(pusher as unknown as Pusher, {
      dispatch: (() => undefined) as unknown as AppDispatch,
      checkSession: async () => true,
      probeServer,
    });
    move('connected');
    move('connecting');
    // Restarts at once, then 1, 2 and 4 s apart: four in the first ten seconds.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pusher.connect).toHaveBeenCalledTimes(4);

    await vi.advanceTimersByTimeAsync(fastProbeForMs);
    const probes = probeServer.mock.calls.length;
    await vi.advanceTimersByTimeAsync(probeEveryMs * 4);
    expect(probeServer.mock.calls.length - probes).toBeLessThanOrEqual(4);
    watch.close();
  });
});
