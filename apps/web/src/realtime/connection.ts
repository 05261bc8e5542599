import type Pusher from 'pusher-js';
import type { AppDispatch } from '../base/store-types';
import { type ConnectionState, connectionChanged } from './realtime-slice';

/** After the server ends the connection, retry by ourselves at most once in this long. */
export const autoReconnectEveryMs = 30_000;

/** Right after the connection drops, look for the server this often (see `probeServer`)… */
export const fastProbeEveryMs = 500;
/** …for this long (a restart or a deploy is usually over by then)… */
export const fastProbeForMs = 30_000;
/** …and then this often, until connected. */
export const probeEveryMs = 5_000;
/** Starting over again waits this long after the previous try, doubling each time up to `probeEveryMs * 3`. */
export const firstRestartGapMs = 1_000;

export interface ConnectionOptions {
  dispatch: AppDispatch;
  /** Whether the session still holds (`/me` answers); a 401 also sends the app to sign-in. */
  checkSession: () => Promise<boolean>;
  /**
   * Whether the server answers again. pusher-js retries a refused connection on its own schedule
   * (it calls it "unavailable" after 10 s, then retries after 15, 30, then 60 s), so after a restart
   * or deploy live updates could pause for a minute. Instead, from the moment a connected socket
   * drops (or pusher-js gives up), the server is probed every 500 ms; when it answers, the
   * connection starts over at once (and catches up by seq as always).
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
  let previous = pusher.connection.state;
  // One probe loop at a time: a timer, or a probe in flight; a new generation ends the old loop.
  let probing: { generation: number; since: number; timer?: ReturnType<typeof setTimeout> } | null = null;
  let generation = 0;
  let lastRestart = 0;
  /** Times the connection was started over since it was last connected. */
  let restarts = 0;
  const restartGap = () => Math.min(firstRestartGapMs * 2 ** Math.max(0, restarts - 1), probeEveryMs * 3);
  const stopProbing = () => {
    clearTimeout(probing?.timer);
    probing = null;
  };
  const waiting = () => pusher.connection.state === 'connecting' || pusher.connection.state === 'unavailable';
  const startOver = () => {
    lastRestart = Date.now();
    restarts += 1;
    restarting = true;
    pusher.disconnect();
    restarting = false;
    pusher.connect();
  };
  const probeOnce = (mine: number) => {
    if (!probeServer || probing?.generation !== mine) return;
    void probeServer()
      .catch(() => false)
      .then((up) => {
        if (closing || probing?.generation !== mine) return;
        if (up && waiting() && (restarts === 0 || Date.now() - lastRestart >= restartGap())) startOver();
        const fast = Date.now() - probing.since < fastProbeForMs;
        probing.timer = setTimeout(() => probeOnce(mine), fast ? fastProbeEveryMs : probeEveryMs);
      });
  };
  const startProbing = () => {
    if (probing || !probeServer || closing) return;
    generation += 1;
    probing = { generation, since: Date.now() };
    probeOnce(generation);
  };
  const report = (state: string) => dispatch(connectionChanged({ state: state as ConnectionState, at: Date.now() }));
  const onState = ({ current }: { current: string }) => {
    const dropped = previous === 'connected' && (current === 'connecting' || current === 'unavailable');
    previous = current;
    // Starting over passes through "disconnected": neither reported nor a reason to stop probing.
    if (restarting) return;
    if (dropped || current === 'unavailable') startProbing();
    else if (current === 'connected' || current === 'failed' || current === 'disconnected') {
      stopProbing();
      if (current === 'connected') restarts = 0;
    }
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
