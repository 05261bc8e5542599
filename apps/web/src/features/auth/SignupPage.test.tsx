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

  it('shows a taken email under the email field', async () => {
    const fetch = fakeFetch({
      'POST /auth/sign-up': () =>
        problem('validation_failed', 'An account with this email already exists', {
          errors: [{ path: 'email', message: 'An account with this email already exists' }],
        }),
    });
    const { user } = renderApp('/signup', fetch);
    await user.type(await screen.findByLabelText('Your name'), 'Ana Lima');
    await user.type(screen.getByLabelText('Work email'), 'owner@demo.test');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Workspace name'), 'Lima HVAC');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    const email = screen.getByLabelText('Work email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('An account with this email already exists'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('lands the new owner in the new workspace', async () => {
    const fetch = fakeFetch({ ...workspaceRoutes('owner'), 'POST /auth/sign-up': () => json(meAs('owner'), 201) });
    const { user, router } = renderApp('/signup', fetch);
    await user.type(await screen.findByLabelText('Your name'), 'Olivia Owner');
    await user.type(screen.getByLabelText('Work email'), 'olivia@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Workspace name'), 'Demo Plumbing');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/demo'));
    expect(await screen.findByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
  });
});
