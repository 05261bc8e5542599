import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { type ApiExtra, api } from '../base/api';
import { failureListener } from '../base/failure-listener';
import { failuresSlice } from '../base/failures-slice';
import { sharingSlice } from '../features/locations/sharing-slice';
import { realtimeSlice } from '../realtime/realtime-slice';
import { liveEntities } from './live-entities';

/**
 * Builds the store; `extra` is the outside world (fetch, what to do when the session ends). Thunks
 * also get the realtime registry, so realtime applies changes without knowing any entity.
 */
export function makeStore(extra: ApiExtra) {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      // Realtime: the connection's state and who is online; your location sharing.
      [realtimeSlice.reducerPath]: realtimeSlice.reducer,
      [sharingSlice.reducerPath]: sharingSlice.reducer,
      // Failed writes: their toasts, the offline queue, the conflict question.
      [failuresSlice.reducerPath]: failuresSlice.reducer,
    },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { ...extra, live: liveEntities } } })
        .prepend(failureListener())
        .concat(api.middleware),
  });
  // Refetch on window focus and reconnect, so a screen left open doesn't stay stale.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
