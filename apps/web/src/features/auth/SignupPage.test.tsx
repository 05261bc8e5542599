import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, problem } from '../../test/fake-api';
import { meAs, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('the sign-up page', () => {
  it('checks every field with the shared schema', async () => {
    const fetch = fakeFetch({ 'GET /config': { version: 'test', demo: false } });
    const { user } = renderApp('/signup', fetch);
    await user.type(await screen.findByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Name is required'));
    expect(screen.getByLabelText('Work email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 10 characters'),
    );
    expect(screen.getByLabelText('Workspace name')).toHaveAccessibleDescription(
      expect.stringContaining('Workspace name is required'),
    );
    expect(fetch.callsTo('POST /auth/sign-up')).toHaveLength(0);
  });

  /** Fills the form with valid values and submits it. */
  async function submit(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText('Your name'), 'Olivia Owner');
    await user.type(screen.getByLabelText('Work email'), 'olivia@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Workspace name'), 'Demo Plumbing');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
  }

  it('signs up (202, no session), then signs in with the same details and lands in the new workspace', async () => {
    let signedIn = false;
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      'GET /me': () => (signedIn ? json(meAs('owner')) : problem('unauthenticated', 'Please sign in')),
      'POST /auth/sign-up': () => json({ next: 'sign-in' }, 202),
      'POST /auth/sign-in': () => {
        signedIn = true;
        return json(meAs('owner'));
      },
    });
    const { user, router } = renderApp('/signup', fetch);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/demo'));
    expect(fetch.callsTo('POST /auth/sign-in')[0]?.body).toEqual({
      email: 'olivia@example.com',
      password: 'correct horse battery',
    });
    expect(await screen.findByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
  });

  it('an email that already has an account, with its password: signed in to it and told no workspace was made', async () => {
    let signedIn = false;
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      'GET /me': () => (signedIn ? json(meAs('owner')) : problem('unauthenticated', 'Please sign in')),
      'POST /auth/sign-up': () => json({ next: 'sign-in' }, 202),
      'POST /auth/sign-in': () => {
        signedIn = true;
        return json({ ...meAs('owner'), notices: [{ kind: 'sign-up-attempt', at: new Date().toISOString() }] });
      },
    });
    const { user, router } = renderApp('/signup', fetch);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/demo'));
    expect(await screen.findByText(/You already had an account with this email/)).toBeInTheDocument();
  });

  it("when the details don't sign in (an existing account, another password), says to sign in instead", async () => {
    const fetch = fakeFetch({
      'GET /config': { version: 'test', demo: false },
      'POST /auth/sign-up': () => json({ next: 'sign-in' }, 202),
      'POST /auth/sign-in': () => problem('unauthenticated', 'Email or password is incorrect'),
    });
    const { user, router } = renderApp('/signup', fetch);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/already have an account with this email/);
    expect(screen.getByRole('link', { name: 'Sign in with that account' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/signup');
  });
});
