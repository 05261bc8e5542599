import type Pusher from 'pusher-js';
import type { AppDispatch } from '../app/store';
import { type ConnectionState, connectionChanged } from './realtime-slice';

/** After the server ends the connection, retry by ourselves at most once in this long. */
export const autoReconnectEveryMs = 30_000;

/** While unavailable, look for the server this often (see `probeServer`). */
export const probeEveryMs = 5_000;

export interface ConnectionOptions {
  dispatch: AppDispatch;
  /** Whether the session still holds (`/me` answers); a 401 also sends the app to sign-in. */
  checkSession: () => Promise<boolean>;
  /**
   * Whether the server answers again. pusher-js retries a refused connection on its own schedule
   * (15, 30, then 60 s), so after a restart or deploy live updates could pause for a minute; when
   * the probe succeeds the connection starts over at once (and catches up by seq as always).
   */
  probeServer?: () => Promise<boolean>;
}

/**
 * Mirrors pusher-js's connection state into the store and signs the user in (so the server can cut
 * their connections). When the connection ends without the app asking — the server terminated it
 * (member removed: 4009) — the app checks the session: signed out, the sign-in page follows; still
 * signed in (e.g. a lowered role), it reconnects once and the auth endpoints decide anew.
 */
export function watchConnection(pusher: Pusher, { dispatch, checkSession, probeServer }: ConnectionOptions) {
  let closing = false;
  let restarting = false;
  let lastAuto = 0;
  let probe: ReturnType<typeof setInterval> | undefined;
  const stopProbing = () => {
    clearInterval(probe);
    probe = undefined;
  };
  const startProbing = () => {
    if (probe || !probeServer) return;
    probe = setInterval(() => {
      void probeServer().then((up) => {
        if (!up || closing || pusher.connection.state !== 'unavailable') return;
        restarting = true;
        pusher.disconnect();
        restarting = false;
        pusher.connect();
      });
    }, probeEveryMs);
  };
  const report = (state: string) => dispatch(connectionChanged({ state: state as ConnectionState, at: Date.now() }));
  const onState = ({ current }: { current: string }) => {
    if (current === 'unavailable') startProbing();
    else if (current === 'connected' || current === 'failed') stopProbing();
    if (restarting) return;
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
      stopProbing();
      pusher.connection.unbind('state_change', onState);
      pusher.disconnect();
      dispatch(connectionChanged({ state: 'off', at: Date.now() }));
    },
  };
}
