import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, problem } from '../../test/fake-api';
import { meAs, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const preview = {
  workspaceName: 'Demo Plumbing',
  email: 'technician@demo.test',
  role: 'technician',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

const signedOut = { 'GET /me': () => problem('unauthenticated', 'Please sign in') };

describe('the invitation page', () => {
  it('asks a newcomer for a name and password, then joins the workspace', async () => {
    let joined = false;
    const fetch = fakeFetch({
      ...workspaceRoutes('technician'),
      'GET /me': () => (joined ? json(meAs('technician')) : problem('unauthenticated', 'Please sign in')),
      'GET /invitations/tok123': preview,
      'POST /invitations/tok123/accept': () => {
        joined = true;
        return json(meAs('technician'));
      },
    });
    const { user, router } = renderApp('/invite/tok123', fetch);
    expect(await screen.findByRole('heading', { name: 'Join Demo Plumbing as technician' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('technician@demo.test');

    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Name is required'));
    expect(screen.getByLabelText('Choose a password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 10 characters'),
    );

    await user.type(screen.getByLabelText('Your name'), 'Tomasz Nowak');
    await user.type(screen.getByLabelText('Choose a password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/demo'));
    expect(fetch.callsTo('POST /invitations/tok123/accept')[0]?.body).toEqual({
      name: 'Tomasz Nowak',
      password: 'a long enough password',
    });
  });

  it('offers an invitee who has an account to use it: then only its password is asked', async () => {
    const fetch = fakeFetch({
      ...signedOut,
      'GET /invitations/tok123': preview,
      'POST /invitations/tok123/accept': () =>
        problem('validation_failed', 'Password is incorrect for this account', {
          errors: [{ path: 'password', message: 'Password is incorrect for this account' }],
        }),
    });
    const { user } = renderApp('/invite/tok123', fetch);
    // Both ways in are offered; the page can't know which applies.
    expect(await screen.findByLabelText('Choose a password')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Already have a Fieldplan account? Use it' }));
    const password = await screen.findByLabelText('Your Fieldplan password');
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    await user.type(password, 'not my password');
    await user.click(screen.getByRole('button', { name: 'Join Demo Plumbing' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining('Password is incorrect for this account')),
    );
    expect(fetch.callsTo('POST /invitations/tok123/accept')[0]?.body).toEqual({ password: 'not my password' });
    // And back to creating an account.
    await user.click(screen.getByRole('button', { name: 'New to Fieldplan? Create an account instead' }));
    expect(await screen.findByLabelText('Your name')).toBeInTheDocument();
  });

  it('explains a used or expired link (410) and offers sign-in', async () => {
    renderApp(
      '/invite/used',
      fakeFetch({
        ...signedOut,
        'GET /invitations/used': () => problem('gone', 'This invitation has already been used'),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'This invitation can no longer be used' })).toBeInTheDocument();
    expect(screen.getByText(/This invitation has already been used/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains a forged link (404)', async () => {
    renderApp('/invite/forged', fakeFetch(signedOut));
    expect(await screen.findByRole('heading', { name: "This invitation link isn't valid" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });
});
