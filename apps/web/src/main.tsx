// First: before any schema parses (see the module).
import './lib/strict-csp';
import { Provider } from 'react-redux';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { monitorFromConfig } from './app/monitor-from-config';
import { outboxKinds } from './app/outbox-kinds';
import { routes } from './app/routes';
import { sessionEndedHandler } from './app/session-ended';
import { type AppStore, makeStore } from './app/store';
import { registerOutboxKinds } from './base/outbox';
import { mountRoot } from './lib/mount-root';
import { nextTask } from './lib/next-task';
import { reportMissingMessage } from './monitoring';
import { routePattern } from './monitoring/route-pattern';
import './styles/tokens.css';
import './styles/base.css';

// What the phone's outbox sends, by kind (before any screen opens it).
registerOutboxKinds(outboxKinds);

// The store's 401 handler needs the router, which is made after the store.
const app: { router?: DataRouter; store?: AppStore } = {};
const store = makeStore({
  fetchFn: (input, init) => window.fetch(input, init),
  onUnauthenticated: sessionEndedHandler(
    () => app.router,
    () => app.store,
  ),
});
const router = createBrowserRouter(routes);
app.store = store;
app.router = router;

monitorFromConfig(store.dispatch, () => routePattern(router.state.matches));

// Render errors go to the root route's errorElement (features/errors/RouteError), which reports
// them; anything React can't catch reaches window.onerror, which the Sentry SDK listens to.
// A message the page's language lacks is reported once (docs/adr/0042-languages.md).
mountRoot(
  'index.html',
  <Provider store={store}>
    <RouterProvider router={router} />
  </Provider>,
  reportMissingMessage,
);

// A page's first date formatter with a time zone sets up the browser's time-zone data (≈ 20–35 ms).
// Done while the first requests are out, that cost isn't part of the board's first render, where
// the calendar's "today" in the workspace's zone would pay it (docs/PERFORMANCE.md "Calendar render").
void nextTask(50).then(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' }).format(0));
