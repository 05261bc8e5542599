import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, type DataRouter, RouterProvider } from 'react-router';
import { outboxKinds } from '../app/outbox-kinds';
import { routes } from '../app/routes';
import { sessionEndedHandler } from '../app/session-ended';
import { type AppStore, makeStore } from '../app/store';
import { registerOutboxKinds } from '../base/outbox';
import { ToastProvider } from '../components/ToastProvider';
import type { FakeFetch } from './fake-api';

/** The whole app at `path`, talking to `fetch` (the fake server). */
export function renderApp(path: string, fetch: FakeFetch) {
  registerOutboxKinds(outboxKinds);
  const app: { router?: DataRouter; store?: AppStore } = {};
  const store = makeStore({
    fetchFn: fetch,
    onUnauthenticated: sessionEndedHandler(
      () => app.router,
      () => app.store,
    ),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  app.store = store;
  app.router = router;
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, user, store, router, fetch };
}

/** One component with a store and toasts, outside the router (for components that don't link). */
export function renderWithStore(ui: ReactElement, fetch: FakeFetch) {
  const store = makeStore({ fetchFn: fetch, onUnauthenticated: () => {} });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <ToastProvider>{ui}</ToastProvider>
    </Provider>,
  );
  return { ...view, user, store };
}
