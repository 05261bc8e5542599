import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, problem } from '../../test/fake-api';
import { workspace, workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const patchKey = `PATCH /workspaces/${workspaceId}`;

async function openSettings(answer?: Parameters<typeof fakeFetch>[0][string]) {
  const fetch = fakeFetch({
    ...workspaceRoutes('owner'),
    ...(answer !== undefined && { [patchKey]: answer }),
  });
  const view = renderApp('/w/demo/settings', fetch);
  await screen.findByRole('form', { name: 'Workspace settings' });
  return { ...view, fetch };
}

describe('the Settings screen', () => {
  it('keeps Save disabled until something changes', async () => {
    const { user } = await openSettings();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Workspace name'), ' GmbH');
    expect(save).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Workspace name')).toHaveValue('Demo Plumbing');
    expect(save).toBeDisabled();
  });

  it('checks the rules of the shared schema before sending', async () => {
    const { user, fetch } = await openSettings();
    const slug = screen.getByLabelText('Address (slug)');
    await user.clear(slug);
    await user.type(slug, 'Demo_Plumbing');
    const zoom = screen.getByLabelText('Zoom');
    await user.clear(zoom);
    await user.type(zoom, '25');
    const tiles = screen.getByLabelText('Tile URL template');
    await user.clear(tiles);
    await user.type(tiles, 'https://tiles.example.com/map.png');
    const end = screen.getByLabelText('Working hours end');
    await user.clear(end);
    await user.type(end, '06:00');
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(screen.getByRole('checkbox', { name: day }));
    }
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription(
        expect.stringContaining('Slug may use lowercase letters, digits and single dashes'),
      ),
    );
    expect(zoom).toHaveAccessibleDescription(expect.stringContaining('Zoom must be between 1 and 19'));
    expect(tiles).toHaveAccessibleDescription(expect.stringContaining('must be an http(s) URL containing {z}'));
    expect(end).toHaveAccessibleDescription(expect.stringContaining('End of working hours must be after the start'));
    expect(screen.getByRole('group', { name: 'Working days' })).toHaveAccessibleDescription(
      'Choose at least one working day',
    );
    expect(fetch.callsTo(patchKey)).toHaveLength(0);
  });

  it('takes the default job length in minutes, and the map centre from a pin instead of typed coordinates', async () => {
    const { user, fetch } = await openSettings(({ body }) => json({ ...workspace, ...(body as object) }));
    expect(screen.queryByLabelText(/Centre (latitude|longitude)/)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Map centre' })).toBeInTheDocument();
    const length = screen.getByLabelText('Default job length');
    expect(length).toHaveValue(60);
    await user.clear(length);
    await user.type(length, '3');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(length).toHaveAccessibleDescription(
        expect.stringContaining('Default job length must be between 5 and 1440 minutes'),
      ),
    );
    await user.clear(length);
    await user.type(length, '90');
    await user.click(screen.getByRole('button', { name: 'Pin the map centre' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch.callsTo(patchKey)).toHaveLength(1));
    expect(fetch.callsTo(patchKey)[0]?.body).toMatchObject({ defaultJobMinutes: 90 });
  });

  it('sends only the sections that changed, then says so', async () => {
    const { user, fetch } = await openSettings(({ body }) => json({ ...workspace, ...(body as object) }));
    const zone = screen.getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'America/New_York');
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(fetch.callsTo(patchKey)).toHaveLength(1));
    expect(fetch.callsTo(patchKey)[0]?.body).toEqual({
      timeZone: 'America/New_York',
      workingHours: { start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5, 6] },
    });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('turns on keeping where photos were taken (off until the owner says so)', async () => {
    const { user, fetch } = await openSettings(({ body }) => json({ ...workspace, ...(body as object) }));
    const keep = screen.getByRole('checkbox', { name: /Keep where photos were taken/ });
    expect(keep).not.toBeChecked();
    await user.click(keep);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch.callsTo(patchKey)).toHaveLength(1));
    expect(fetch.callsTo(patchKey)[0]?.body).toEqual({ keepPhotoLocation: true });
  });

  it('sets the language the workspace speaks to its customers, each option in its own language', async () => {
    const { user, fetch } = await openSettings(({ body }) => json({ ...workspace, ...(body as object) }));
    const language = screen.getByRole('combobox', { name: 'Language for customers' });
    expect(language).toHaveValue('en');
    expect(language).toHaveAccessibleDescription(
      'Emails, the booking and tracking pages and the visit report use this language.',
    );
    expect(screen.getByRole('option', { name: 'Deutsch' })).toHaveAttribute('lang', 'de');
    await user.selectOptions(language, 'Deutsch');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch.callsTo(patchKey)).toHaveLength(1));
    expect(fetch.callsTo(patchKey)[0]?.body).toEqual({ language: 'de' });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(language).toHaveValue('de');
  });

  it("puts the server's field errors under the fields", async () => {
    const { user } = await openSettings(() =>
      problem('validation_failed', 'Slug is already used by another workspace', {
        errors: [{ path: 'slug', message: 'Slug is already used by another workspace' }],
      }),
    );
    const slug = screen.getByLabelText('Address (slug)');
    await user.clear(slug);
    await user.type(slug, 'taken');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription(expect.stringContaining('Slug is already used by another workspace')),
    );
    expect(slug).toHaveFocus();
  });

  it('follows a new slug to its new address', async () => {
    const { user, router } = await openSettings(({ body }) => json({ ...workspace, ...(body as object) }));
    const slug = screen.getByLabelText('Address (slug)');
    await user.clear(slug);
    await user.type(slug, 'demo-plumbing');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/demo-plumbing/settings'));
    // The new address mounts the workspace's screens afresh (the old page may show for a moment):
    // wait until the screen at the new address shows the saved slug, queried anew each time.
    await waitFor(
      () => {
        expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
        expect(screen.getByLabelText('Address (slug)')).toHaveValue('demo-plumbing');
      },
      { timeout: 10_000 },
    );
  }, 20_000);

  it('tells a non-owner this screen is not for them', async () => {
    renderApp('/w/demo/settings', fakeFetch(workspaceRoutes('dispatcher')));
    expect(await screen.findByRole('heading', { name: 'Only owners can change settings' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
