import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SharingStatus = 'off' | 'locating' | 'sharing' | 'denied' | 'unsupported' | 'failing';

export interface SharingState {
  /** The workspace your position goes to while sharing, or null (off). */
  workspaceId: string | null;
  status: SharingStatus;
  /** When the server last took a ping (ms). */
  lastSentAt: number | null;
}

const initialState: SharingState = { workspaceId: null, status: 'off', lastSentAt: null };

/** "Share my location": on while you say so; sharing-actions.ts remembers it for the shift. */
export const sharingSlice = createSlice({
  name: 'sharing',
  initialState,
  reducers: {
    sharingStarted(state, action: PayloadAction<string>) {
      state.workspaceId = action.payload;
      state.status = 'locating';
      state.lastSentAt = null;
    },
    sharingStopped(state, action: PayloadAction<SharingStatus | undefined>) {
      state.workspaceId = null;
      state.status = action.payload ?? 'off';
    },
    pingSent(state, action: PayloadAction<number>) {
      if (state.workspaceId === null) return;
      state.status = 'sharing';
      state.lastSentAt = action.payload;
    },
    pingFailed(state) {
      if (state.workspaceId !== null) state.status = 'failing';
    },
  },
  selectors: { selectSharing: (state) => state },
});

export const { sharingStarted, sharingStopped, pingSent, pingFailed } = sharingSlice.actions;
export const { selectSharing } = sharingSlice.selectors;
