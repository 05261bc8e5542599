import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { ConnectionState } from '../../realtime/realtime-slice';

const words = defineMessages({
  connecting: { id: 'connection.label.connecting' },
  connectingBanner: { id: 'connection.banner.connecting' },
  live: { id: 'connection.label.live' },
  offline: { id: 'connection.label.offline' },
  unavailableBanner: { id: 'connection.banner.unavailable' },
  notSupported: { id: 'connection.label.notSupported' },
  failedBanner: { id: 'connection.banner.failed' },
  disconnected: { id: 'connection.label.disconnected' },
  disconnectedBanner: { id: 'connection.banner.disconnected' },
});

/**
 * How each pusher-js state reads to a user (docs/PRODUCT.md, "States and transitions"): a label for
 * the dot, a sentence for the banner (none while connected).
 */
export const connectionCopy: Record<
  Exclude<ConnectionState, 'off'>,
  { label: MessageDescriptor; banner: MessageDescriptor | null }
> = {
  initialized: { label: words.connecting, banner: words.connectingBanner },
  connecting: { label: words.connecting, banner: words.connectingBanner },
  connected: { label: words.live, banner: null },
  unavailable: { label: words.offline, banner: words.unavailableBanner },
  failed: { label: words.notSupported, banner: words.failedBanner },
  disconnected: { label: words.disconnected, banner: words.disconnectedBanner },
};

/** States the banner offers "Reconnect" in (pusher-js won't retry by itself). */
export const offersReconnect = (state: ConnectionState) => state === 'failed' || state === 'disconnected';

/** A page's first connect or a quick reconnect doesn't deserve a banner: "connecting" shows it once it lasts this long. */
export const bannerGraceMs = 1_500;

/** States in which live updates are down (not merely on their way): the dot is red, presence is unknown. */
export const isOutage = (state: ConnectionState) =>
  state === 'unavailable' || state === 'failed' || state === 'disconnected';

/**
 * Whether the banner shows for `state`, given whether that state has lasted `bannerGraceMs`. The dot
 * and the banner read the same state: an outage (the dot turns red) shows the banner at once;
 * only "connecting", which every page load and every quick reconnect passes through, waits a moment.
 */
export function showsBanner(
  state: ConnectionState,
  lasted: boolean,
): state is Exclude<ConnectionState, 'off' | 'connected'> {
  if (state === 'off' || state === 'connected') return false;
  return isOutage(state) || lasted;
}
