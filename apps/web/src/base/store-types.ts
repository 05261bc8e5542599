import type { Dispatch, Store, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiExtra } from './api';
import type { LiveExtra } from './live-registry';
import type { RootState } from './root-state';

export type { RootState } from './root-state';

/** What every thunk gets besides dispatch and state: the outside world and the realtime registry. */
export type ThunkExtra = ApiExtra & LiveExtra;

/** The store's dispatch: plain actions and thunks over the whole state (app/store.ts checks its store has it). */
export type AppDispatch = ThunkDispatch<RootState, ThunkExtra, UnknownAction> & Dispatch<UnknownAction>;

export type AppStore = Store<RootState, UnknownAction> & { dispatch: AppDispatch };
