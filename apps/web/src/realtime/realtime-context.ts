import type Pusher from 'pusher-js';
import { createContext, useContext } from 'react';

export interface RealtimeHandle {
  /** The live connection, or null (not configured, or not set up yet). */
  pusher: Pusher | null;
  /** Connects again after `failed` or `disconnected`. */
  reconnect: () => void;
}

export const RealtimeContext = createContext<RealtimeHandle>({ pusher: null, reconnect: () => {} });

/** The workspace's realtime connection (inside the app shell). */
export function useRealtime(): RealtimeHandle {
  return useContext(RealtimeContext);
}
