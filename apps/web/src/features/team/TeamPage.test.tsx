import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, problem } from '../../test/fake-api';
import { members, workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const membersPath = `/workspaces/${workspaceId}/members`;

describe('the Team screen', () => {
  it('shows a technician the team read-only, with no owner controls at all', async () => {
    const fetch = fakeFetch(workspaceRoutes('technician'));
    renderApp('/w/demo/team', fetch);

    const table = await screen.findByRole('table');
    expect(within(table).getByText('Olivia Owner')).toBeInTheDocument();
    expect(within(table).getByText('Deactivated')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /deactivate|reactivate/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Colour of/ })).not.toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(nav && within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
    // Invitations are owner data: a technician's screen never asks for them.
    expect(fetch.callsTo(`GET /workspaces/${workspaceId}/invitations`)).toHaveLength(0);
  });

  it('shows a technician the team without emails (the server leaves them out)', async () => {
    const withoutEmails = members.map(({ email: _left, ...rest }) => rest);
    const fetch = fakeFetch({ ...workspaceRoutes('technician'), [`GET ${membersPath}`]: withoutEmails });
    renderApp('/w/demo/team', fetch);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Tomasz Nowak')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(members.length + 1);
    expect(table.querySelectorAll('.member-email')).toHaveLength(0);
  });

  it('lets an owner change a role, with Undo', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      [`PATCH ${membersPath}/member-technician`]: ({ body }) => json({ ...members[2], ...(body as object) }),
    });
    const { user } = renderApp('/w/demo/team', fetch);

    const select = await screen.findByRole('combobox', { name: 'Role of Tomasz Nowak' });
    await user.selectOptions(select, 'dispatcher');
    await waitFor(() =>
      expect(fetch.callsTo(`PATCH ${membersPath}/member-technician`)[0]?.body).toEqual({ role: 'dispatcher' }),
    );
    expect(await screen.findByText('Tomasz Nowak is now dispatcher')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(fetch.callsTo(`PATCH ${membersPath}/member-technician`)[1]?.body).toEqual({ role: 'technician' }),
    );
  });

  it('rolls a refused change back and says why', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      [`PATCH ${membersPath}/member-owner`]: () =>
        problem('validation_failed', 'The workspace needs at least one active owner', {
          errors: [{ path: 'role', message: 'The workspace needs at least one active owner' }],
        }),
    });
    const { user } = renderApp('/w/demo/team', fetch);
    const select = await screen.findByRole('combobox', { name: 'Role of Olivia Owner' });
    await user.selectOptions(select, 'viewer');
    expect(await screen.findByRole('alert')).toHaveTextContent('needs at least one active owner');
    await waitFor(() => expect(select).toHaveValue('owner'));
  });

  it('asks before deactivating, and Escape cancels', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      [`PATCH ${membersPath}/member-technician`]: ({ body }) => json({ ...members[2], ...(body as object) }),
    });
    const { user } = renderApp('/w/demo/team', fetch);
    const deactivate = await screen.findByRole('button', { name: 'Deactivate Tomasz Nowak' });
    // No Deactivate on your own row.
    expect(screen.queryByRole('button', { name: 'Deactivate Olivia Owner' })).not.toBeInTheDocument();

    await user.click(deactivate);
    let dialog = screen.getByRole('alertdialog', { name: 'Deactivate Tomasz Nowak?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deactivate).toHaveFocus();
    expect(fetch.callsTo(`PATCH ${membersPath}/member-technician`)).toHaveLength(0);

    await user.click(deactivate);
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(fetch.callsTo(`PATCH ${membersPath}/member-technician`)[0]?.body).toEqual({ active: false }),
    );
    expect(await screen.findByText('Tomasz Nowak was deactivated and signed out')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reactivate Tomasz Nowak' })).toBeInTheDocument();
  });

  it('creates an invite link, shows it once and copies it', async () => {
    const url = 'http://localhost:3000/invite/abc123';
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      [`POST /workspaces/${workspaceId}/invitations`]: ({ body }) =>
        json(
          {
            id: 'inv-2',
            ...(body as object),
            expiresAt: '2099-01-01T00:00:00.000Z',
            acceptedAt: null,
            createdAt: '2026-11-22T00:00:00.000Z',
            url,
          },
          201,
        ),
    });
    const { user } = renderApp('/w/demo/team', fetch);
    // user-event installs its own clipboard on setup; watch it.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Email'), 'Ana@Example.com ');
    await user.selectOptions(within(form).getByLabelText('Role'), 'dispatcher');
    await user.click(within(form).getByRole('button', { name: 'Create invite link' }));

    const link = await screen.findByLabelText('Invite link');
    expect(link).toHaveValue(url);
    expect(link).toHaveAttribute('readonly');
    // The shared schema trims and lowercases the email before it is sent.
    expect(fetch.callsTo(`POST /workspaces/${workspaceId}/invitations`)[0]?.body).toEqual({
      email: 'ana@example.com',
      role: 'dispatcher',
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Link copied — send it to ana@example.com')).toBeInTheDocument();
  });

  it('shows an invite email the server refuses under the email field', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      [`POST /workspaces/${workspaceId}/invitations`]: () =>
        problem('validation_failed', 'This person is already a member of the workspace', {
          errors: [{ path: 'email', message: 'This person is already a member of the workspace' }],
        }),
    });
    const { user } = renderApp('/w/demo/team', fetch);
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    const email = within(form).getByLabelText('Email');
    await user.type(email, 'dispatcher@demo.test');
    await user.click(within(form).getByRole('button', { name: 'Create invite link' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('This person is already a member of the workspace');
  });

  it('lists pending invitations and revokes one', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      [`DELETE /workspaces/${workspaceId}/invitations/inv-1`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/w/demo/team', fetch);
    await user.click(await screen.findByRole('button', { name: 'Revoke invitation for new.tech@example.com' }));
    await waitFor(() => expect(fetch.callsTo(`DELETE /workspaces/${workspaceId}/invitations/inv-1`)).toHaveLength(1));
    expect(await screen.findByText('Invitation for new.tech@example.com withdrawn')).toBeInTheDocument();
  });
});
