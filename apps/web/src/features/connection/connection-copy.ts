import type { ConnectionState } from '../../realtime/realtime-slice';

/** How each pusher-js state reads to a user (docs/PRODUCT.md, "States and transitions"): a label for the dot, a sentence for the banner. */
export const connectionCopy: Record<Exclude<ConnectionState, 'off'>, { label: string; banner: string }> = {
  initialized: { label: 'Connecting', banner: 'Connecting to live updates…' },
  connecting: { label: 'Connecting', banner: 'Connecting to live updates…' },
  connected: { label: 'Live', banner: '' },
  unavailable: {
    label: 'Offline',
    banner: 'Live updates are unavailable — retrying. Changes made meanwhile appear when the connection is back.',
  },
  failed: { label: 'Not supported', banner: 'Live updates can’t run in this browser. Reload to see others’ changes.' },
  disconnected: {
    label: 'Disconnected',
    banner: 'Live updates are off. Reconnect to see others’ changes as they happen.',
  },
};

/** States the banner offers "Reconnect" in (pusher-js won't retry by itself). */
export const offersReconnect = (state: ConnectionState) => state === 'failed' || state === 'disconnected';

/** A first connect or a quick blip doesn't deserve a banner: only states that last this long show it. */
export const bannerGraceMs = 1_500;
