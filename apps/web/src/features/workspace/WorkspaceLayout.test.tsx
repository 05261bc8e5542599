import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, problem } from '../../test/fake-api';
import { meAs, workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('routing and the workspace shell', () => {
  it('sends / to the first workspace', async () => {
    const { router } = renderApp('/', fakeFetch(workspaceRoutes('owner')));
    expect(await screen.findByRole('heading', { name: 'Demo Plumbing', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/w/demo');
  });

  it("sends / to a technician's my day, whatever the screen size (a desk too)", async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('technician'),
      [`GET /workspaces/${workspaceId}/my-day`]: { date: '2026-03-02', timeZone: 'UTC', homeBase: null, visits: [] },
    });
    const { router } = renderApp('/', fetch);
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/demo/my-day'));
  });

  it('sends a signed-out visitor to sign in, and back afterwards', async () => {
    const fetch = fakeFetch({ 'GET /me': () => problem('unauthenticated', 'Please sign in') });
    const { router } = renderApp('/w/demo/team', fetch);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fw%2Fdemo%2Fteam');
  });

  it('shows a not-found page for a workspace you are not in, and for unknown addresses', async () => {
    renderApp('/w/someone-else/team', fakeFetch(workspaceRoutes('owner')));
    expect(await screen.findByRole('heading', { name: 'Workspace not found' })).toBeInTheDocument();
  });

  it('shows a not-found page for an unknown address', async () => {
    renderApp('/no/such/page', fakeFetch(workspaceRoutes('owner')));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my workspace' })).toHaveAttribute('href', '/');
  });

  it('keeps the shell for an unknown screen inside a workspace', async () => {
    renderApp('/w/demo/nope', fakeFetch(workspaceRoutes('owner')));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to overview' })).toHaveAttribute('href', '/w/demo');
    expect(screen.getAllByRole('navigation', { name: 'Main' }).length).toBeGreaterThan(0);
  });

  it('returns to sign-in when a call answers 401 mid-session (e.g. after deactivation)', async () => {
    let deactivated = false;
    const fetch = fakeFetch({
      ...workspaceRoutes('technician'),
      'GET /me': () => (deactivated ? problem('unauthenticated', 'Please sign in') : Response.json(meAs('technician'))),
      [`GET /workspaces/${workspaceId}/members`]: () =>
        deactivated ? problem('unauthenticated', 'Please sign in') : Response.json([]),
    });
    const { router, user } = renderApp('/w/demo', fetch);
    await screen.findByRole('heading', { name: 'Demo Plumbing', level: 1 });
    deactivated = true;
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;
    await user.click(within(nav).getByRole('link', { name: 'Team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fw%2Fdemo%2Fteam');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows Settings in the navigation only to those who may change settings', async () => {
    const owner = renderApp('/w/demo', fakeFetch(workspaceRoutes('owner')));
    const ownerNav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0] as HTMLElement;
    expect(within(ownerNav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/w/demo/settings');
    owner.unmount();

    renderApp('/w/demo', fakeFetch(workspaceRoutes('dispatcher')));
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'Team' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('has a keyboard-usable user menu that signs out', async () => {
    let signedOut = false;
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      'GET /me': () => (signedOut ? problem('unauthenticated', 'Please sign in') : Response.json(meAs('owner'))),
      'POST /auth/sign-out': () => {
        signedOut = true;
        return new Response(null, { status: 204 });
      },
    });
    const { user, router } = renderApp('/w/demo', fetch);
    const trigger = await screen.findByRole('button', { name: 'Account: Olivia Owner' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('owner@demo.test')).toBeInTheDocument();
    // The first item is the share-location switch, then Sign out.
    expect(within(menu).getByRole('menuitemcheckbox', { name: /Share my location/ })).toHaveFocus();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetch.callsTo('POST /auth/sign-out')).toHaveLength(1);
  });

  it('switches workspaces from the workspace menu', async () => {
    const me = meAs('owner');
    me.memberships.push({
      memberId: 'm2',
      workspaceId: 'ws-2',
      workspaceName: 'Acme Cleaning',
      workspaceSlug: 'acme',
      role: 'viewer',
      colour: '#009E73',
    });
    const { user } = renderApp('/w/demo', fakeFetch({ ...workspaceRoutes('owner'), 'GET /me': me }));
    await user.click(await screen.findByRole('button', { name: /switch workspace/i }));
    const current = screen.getByRole('menuitemradio', { name: /Demo Plumbing/ });
    expect(current).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: /Acme Cleaning/ })).toHaveAttribute('href', '/w/acme');
  });
});
