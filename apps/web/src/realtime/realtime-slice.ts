import type { PresenceInfo } from '@fieldplan/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** pusher-js's connection states (docs/PRODUCT.md, "States and transitions"), plus `off` when no realtime service is configured. */
export type ConnectionState =
  | 'off'
  | 'initialized'
  | 'connecting'
  | 'connected'
  | 'unavailable'
  | 'failed'
  | 'disconnected';

/** Someone on the workspace's presence channel (id = their user id). */
export interface PresenceMember extends PresenceInfo {
  id: string;
}

export interface RealtimeState {
  state: ConnectionState;
  /** When the state last changed (ms), so the UI can wait a moment before calling a blip an outage. */
  since: number;
  /** Who is online, per workspace id. */
  presence: Record<string, PresenceMember[]>;
}

const initialState: RealtimeState = { state: 'off', since: 0, presence: {} };

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {
    connectionChanged(state, action: PayloadAction<{ state: ConnectionState; at: number }>) {
      if (state.state === action.payload.state) return;
      state.state = action.payload.state;
      state.since = action.payload.at;
    },
    presenceChanged(state, action: PayloadAction<{ workspaceId: string; members: PresenceMember[] }>) {
      state.presence[action.payload.workspaceId] = action.payload.members;
    },
    presenceLeft(state, action: PayloadAction<string>) {
      delete state.presence[action.payload];
    },
  },
  selectors: {
    selectConnection: (state) => state,
    selectPresence: (state, workspaceId: string) => state.presence[workspaceId],
  },
});

export const { connectionChanged, presenceChanged, presenceLeft } = realtimeSlice.actions;
export const { selectConnection, selectPresence } = realtimeSlice.selectors;
