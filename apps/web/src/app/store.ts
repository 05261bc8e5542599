import { configureStore, type ReducersMapObject } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { type ApiExtra, api } from '../base/api';
import { failureListener } from '../base/failure-listener';
import { failuresSlice } from '../base/failures-slice';
import type { RootState, AppStore as StoreOfEveryLayer, ThunkExtra } from '../base/store-types';
import { sharingSlice } from '../features/locations/sharing-slice';
import { realtimeSlice } from '../realtime/realtime-slice';
import { liveEntities } from './live-entities';

// The slices of layers above base/ in the state every layer names (base/root-state.ts).
declare module '../base/root-state' {
  interface RootState {
    realtime: ReturnType<typeof realtimeSlice.reducer>;
    sharing: ReturnType<typeof sharingSlice.reducer>;
  }
}

/**
 * Builds the store; `extra` is the outside world (fetch, what to do when the session ends). Thunks
 * also get the realtime registry, so realtime applies changes without knowing any entity.
 */
export function makeStore(extra: ApiExtra) {
  const store = configureStore({
    // `satisfies`: a reducer added here and not declared in RootState (or the other way) fails the build.
    reducer: {
      [api.reducerPath]: api.reducer,
      // Realtime: the connection's state and who is online; your location sharing.
      [realtimeSlice.reducerPath]: realtimeSlice.reducer,
      [sharingSlice.reducerPath]: sharingSlice.reducer,
      // Failed writes: their toasts, the offline queue, the conflict question.
      [failuresSlice.reducerPath]: failuresSlice.reducer,
    } satisfies ReducersMapObject<RootState>,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { ...extra, live: liveEntities } satisfies ThunkExtra } })
        .prepend(failureListener())
        .concat(api.middleware),
  });
  // Refetch on window focus and reconnect, so a screen left open doesn't stay stale.
  setupListeners(store.dispatch);
  // The store every layer below types itself by (base/store-types.ts) is the one built here.
  return store satisfies StoreOfEveryLayer;
}

export type AppStore = ReturnType<typeof makeStore>;
