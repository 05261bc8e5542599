import type Pusher from 'pusher-js';
import type { AppDispatch } from '../app/store';
import { type ConnectionState, connectionChanged } from './realtime-slice';

/** After the server ends the connection, retry by ourselves at most once in this long. */
export const autoReconnectEveryMs = 30_000;

export interface ConnectionOptions {
  dispatch: AppDispatch;
  /** Whether the session still holds (`/me` answers); a 401 also sends the app to sign-in. */
  checkSession: () => Promise<boolean>;
}

/**
 * Mirrors pusher-js's connection state into the store and signs the user in (so the server can cut
 * their connections). When the connection ends without the app asking — the server terminated it
 * (member removed: 4009) — the app checks the session: signed out, the sign-in page follows; still
 * signed in (e.g. a lowered role), it reconnects once and the auth endpoints decide anew.
 */
export function watchConnection(pusher: Pusher, { dispatch, checkSession }: ConnectionOptions) {
  let closing = false;
  let lastAuto = 0;
  const report = (state: string) => dispatch(connectionChanged({ state: state as ConnectionState, at: Date.now() }));
  const onState = ({ current }: { current: string }) => {
    report(current);
    if (current !== 'disconnected' || closing) return;
    void checkSession().then((signedIn) => {
      if (!signedIn || closing || Date.now() - lastAuto < autoReconnectEveryMs) return;
      lastAuto = Date.now();
      setTimeout(() => {
        if (!closing) pusher.connect();
      }, 1_000);
    });
  };
  pusher.connection.bind('state_change', onState);
  report(pusher.connection.state);
  pusher.signin();
  return {
    /** The banner's "Reconnect". */
    reconnect: () => pusher.connect(),
    close() {
      closing = true;
      pusher.connection.unbind('state_change', onState);
      pusher.disconnect();
      dispatch(connectionChanged({ state: 'off', at: Date.now() }));
    },
  };
}
