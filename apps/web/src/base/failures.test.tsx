import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customersApi } from '../features/customers/endpoints';
import { fakeFetch, json, problem } from '../test/fake-api';
import { workspaceId, workspaceRoutes } from '../test/fixtures';
import { renderApp } from '../test/render';
import { api } from './api';

const customerUrl = `/workspaces/${workspaceId}/customers/cust-1`;
const customer = {
  id: 'cust-1',
  workspaceId,
  name: 'Bäckerei Koch',
  email: null,
  phone: null,
  address: null,
  notes: null,
  version: 3,
};
const edit = (version = 3) =>
  customersApi.endpoints.updateCustomer.initiate({ workspaceId, id: 'cust-1', version, patch: { name: 'Koch' } });

/** The team screen (any signed-in screen would do) with `extra` answers from the fake server. */
function signedIn(extra: Record<string, Parameters<typeof fakeFetch>[0][string]>) {
  const fetch = fakeFetch({ ...workspaceRoutes('owner'), ...extra });
  const view = renderApp('/w/demo/team', fetch);
  return { ...view, fetch };
}

function internal(reference: string) {
  return json(
    { type: 't', title: 'Something went wrong', status: 500, code: 'internal', detail: 'Boom', reference },
    500,
  );
}

describe('failed writes', () => {
  it('show a toast with the reference and Retry, which sends the same write again', async () => {
    let attempts = 0;
    const { store, user, fetch } = signedIn({
      [`PATCH ${customerUrl}`]: () =>
        ++attempts === 1 ? internal('0123456789abcdef0123456789abcdef') : json({ ...customer, version: 4 }),
    });
    await screen.findByRole('heading', { name: 'Team' });
    await act(() => store.dispatch(edit()));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Something went wrong (reference 0123456789abcdef0123456789abcdef)');
    await user.click(within(toast).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Done: your change was saved')).toBeInTheDocument();
    const sent = fetch.callsTo(`PATCH ${customerUrl}`);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
  });

  it('are sent once more, without a toast, when the server rolled them back for meeting another write (503, Retry-After 1)', async () => {
    let attempts = 0;
    const { store, fetch } = signedIn({
      [`PATCH ${customerUrl}`]: () =>
        ++attempts === 1
          ? problem('unavailable', 'Another change was being saved at the same moment', { retryAfter: 1 })
          : json({ ...customer, version: 4 }),
    });
    await screen.findByRole('heading', { name: 'Team' });
    const result = await act(() => store.dispatch(edit()));
    expect(result.data).toMatchObject({ version: 4 });
    const sent = fetch.callsTo(`PATCH ${customerUrl}`);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('are not sent again on an outage’s 503 (a longer Retry-After): the toast says so', async () => {
    const { store, fetch } = signedIn({
      [`PATCH ${customerUrl}`]: () => problem('unavailable', 'The database is unavailable', { retryAfter: 5 }),
    });
    await screen.findByRole('heading', { name: 'Team' });
    await act(() => store.dispatch(edit()));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(fetch.callsTo(`PATCH ${customerUrl}`)).toHaveLength(1);
  });

  it('say "no permission" on 403 and how long to wait on 429; Escape dismisses a toast', async () => {
    let attempts = 0;
    const { store, user } = signedIn({
      [`PATCH ${customerUrl}`]: () =>
        ++attempts === 1
          ? problem('forbidden', "You don't have permission to edit customers")
          : problem('rate_limited', 'Slow down', { retryAfter: 17 }),
    });
    await screen.findByRole('heading', { name: 'Team' });
    await act(() => store.dispatch(edit()));
    const denied = await screen.findByRole('alert');
    expect(denied).toHaveTextContent("You don't have permission to edit customers");
    expect(within(denied).queryByRole('button', { name: 'Retry' })).toBeNull();
    within(denied).getByRole('button', { name: 'Dismiss' }).focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    await act(() => store.dispatch(edit()));
    const wait = await screen.findByRole('alert');
    expect(wait).toHaveTextContent('Too many attempts, try again in 17 s');
    expect(within(wait).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('on 401 go to sign-in with the way back to the same screen', async () => {
    // As the real server: once the session is gone, /me answers 401 too (else the sign-in page,
    // seeing a session, would send the user straight back before the test looked).
    let signedOut = false;
    const me = workspaceRoutes('owner')['GET /me'];
    const { store, router } = signedIn({
      'GET /me': () => (signedOut ? problem('unauthenticated', 'Please sign in') : json(me)),
      [`PATCH ${customerUrl}`]: () => {
        signedOut = true;
        return problem('unauthenticated', 'Please sign in');
      },
    });
    await screen.findByRole('heading', { name: 'Team' });
    await act(() => store.dispatch(edit()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/w/demo/team')}`);
  });

  it('offline: wait in a queue the banner names, and are sent when back online', async () => {
    let down = true;
    const { store, fetch } = signedIn({
      [`PATCH ${customerUrl}`]: () => {
        if (down) throw new TypeError('Failed to fetch');
        return json({ ...customer, version: 4 });
      },
    });
    await screen.findByRole('heading', { name: 'Team' });
    act(() => {
      store.dispatch(api.internalActions.onOffline());
    });
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent("You're offline.");

    const result = await act(() => store.dispatch(edit()));
    expect(result.error).toMatchObject({ status: 0 });
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(
      "Waiting to send a customer edit; it goes out when you're back online.",
    );
    expect(screen.queryByRole('alert')).toBeNull();

    down = false;
    act(() => {
      store.dispatch(api.internalActions.onOnline());
    });
    expect(await screen.findByText('Sent the change that was waiting')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
    expect(fetch.callsTo(`PATCH ${customerUrl}`)).toHaveLength(2);
  });

  it('412 on a customer edit opens the conflict dialog; Keep mine re-sends on their version', async () => {
    const theirs = { ...customer, name: 'Koch & Söhne', version: 5 };
    const { store, user, fetch } = signedIn({
      [`PATCH ${customerUrl}`]: (request) =>
        fetch.callsTo(`PATCH ${customerUrl}`).length === 1
          ? json(
              {
                type: 't',
                title: 'Someone else changed this',
                status: 412,
                code: 'version_conflict',
                detail: 'Changed meanwhile',
                currentVersion: 5,
                current: theirs,
              },
              412,
            )
          : json({ ...theirs, ...(request.body as object), version: 6 }),
    });
    await screen.findByRole('heading', { name: 'Team' });
    let pending: { unwrap(): Promise<unknown> } | undefined;
    act(() => {
      pending = store.dispatch(edit());
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else changed this customer' });
    expect(within(dialog).getByRole('row', { name: /Name/ })).toHaveTextContent('Koch & Söhne');
    expect(within(dialog).getByText('Their version (v5)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(await pending?.unwrap()).toMatchObject({ name: 'Koch', version: 6 });
    const sent = fetch.callsTo(`PATCH ${customerUrl}`);
    expect(sent.map((c) => c.headers['if-match'])).toEqual(['"3"', '"5"']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
