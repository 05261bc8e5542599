import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { type ApiExtra, api } from './api';

/** Builds the store; `extra` is the outside world (fetch, what to do when the session ends). */
export function makeStore(extra: ApiExtra) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
  // Refetch on window focus and reconnect, so a screen left open doesn't stay stale.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
