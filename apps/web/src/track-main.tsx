// First: before any schema parses (see the module).
import './lib/strict-csp';
import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { Provider } from 'react-redux';
import { monitorFromConfig } from './app/monitor-from-config';
import { api } from './base/api';
import { TrackingPage } from './features/tracking/TrackingPage';
import { mountRoot, secondSegment } from './lib/mount-root';
import { reportMissingMessage } from './monitoring';
import './styles/tokens.css';
import './styles/base.css';

// The customer's tracking page as its own entry (track.html): a phone on a slow link opening a
// link from a text message downloads React, the store and this page — not the router, the
// signed-in screens and the rest of the app's first chunk (docs/PERFORMANCE.md).

const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer },
  middleware: (getDefault) =>
    getDefault({
      thunk: {
        extraArgument: {
          fetchFn: (input: RequestInfo | URL, init?: RequestInit) => window.fetch(input, init),
          // Nothing here is signed in: a 401 has no session to end.
          onUnauthenticated: () => {},
        },
      },
    }).concat(api.middleware),
});
// Refetch when the phone comes back to the page or back online.
setupListeners(store.dispatch);

monitorFromConfig(store.dispatch, () => '/track/:token');

// The token from `/track/:token`; a malformed one reads as none (the page says the link expired).
const token = secondSegment(window.location.pathname);
mountRoot(
  'track.html',
  <Provider store={store}>
    <TrackingPage token={token} />
  </Provider>,
  reportMissingMessage,
);
