import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, problem } from '../../test/fake-api';
import { workspace, workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { testPlaces } from '../places/test-fixtures';
import { CustomerDialog } from './CustomerDialog';
import { CustomerForm } from './CustomerForm';

const routes = {
  'GET /config': { version: 'test', demo: false },
  [`GET /workspaces/${workspaceId}`]: workspace,
  'GET /places': testPlaces,
};

function setup(onSave = vi.fn(async (_values: unknown) => {})) {
  const view = renderWithStore(
    <>
      <CustomerForm id="c" workspaceId={workspaceId} customer={null} onSave={onSave} />
      <button type="submit" form="c">
        Save
      </button>
    </>,
    fakeFetch(routes),
  );
  return { ...view, onSave };
}

const addressField = () => screen.getByRole('combobox', { name: 'Address' });

// Whole user flows (typing, a Leaflet map in the form): on a loaded machine they outlast the 5 s default.
describe('the customer form', { timeout: 20_000 }, () => {
  it('checks phone length and characters, email and position with the shared rules (minLength, pattern, max)', async () => {
    const { user, onSave } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(addressField()).toHaveAccessibleDescription(expect.stringContaining('Address is required'));
    await user.type(screen.getByLabelText('Name'), 'Bäckerei Koch');
    await user.type(addressField(), 'Hauptstraße 1, Berlin');
    await user.type(screen.getByLabelText(/Phone/), '12 34');
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.type(screen.getByLabelText('Latitude'), '52.5');
    await user.type(screen.getByLabelText('Longitude'), '190');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Phone/)).toHaveAccessibleDescription('Phone must be at least 7 characters'),
    );
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription('Email must be a valid email address');
    expect(screen.getByLabelText('Longitude')).toHaveAccessibleDescription('Longitude must be between -180 and 180');
    const phone = screen.getByLabelText(/Phone/);
    await user.clear(phone);
    await user.type(phone, '+49 30 abc 123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Phone may use digits, spaces and + ( ) -'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends empty contact fields as none, and shows what the server refuses under the field', async () => {
    const onSave = vi.fn(async (_values: unknown) => {
      throw await problem('validation_failed', 'Name is taken', {
        errors: [{ path: 'name', message: 'Name must be at most 120 characters' }],
      }).json();
    });
    const { user } = setup(onSave);
    await user.type(screen.getByLabelText('Name'), 'Bäckerei Koch');
    await user.type(addressField(), 'Hauptstraße 1, Berlin');
    await user.type(screen.getByLabelText('Latitude'), '52.5');
    await user.type(screen.getByLabelText('Longitude'), '13.4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      name: 'Bäckerei Koch',
      email: null,
      phone: null,
      address: 'Hauptstraße 1, Berlin',
      lat: 52.5,
      lng: 13.4,
      notes: '',
      language: null,
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name must be at most 120 characters'),
    );
  });

  it('fills address, latitude and longitude from a place chosen with the keyboard', async () => {
    const { user, onSave } = setup();
    await user.type(screen.getByLabelText('Name'), 'Kita Sonne');
    const address = addressField();
    await user.type(address, 'Ber');
    const listbox = await screen.findByRole('listbox', { name: 'Address suggestions' });
    await within(listbox).findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(document.getElementById(address.getAttribute('aria-activedescendant') ?? '')).toHaveTextContent(
      'Bergmannstraße 5',
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address).toHaveValue('Bergmannstraße 5, 10961 Berlin'));
    expect(address).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Latitude')).toHaveValue(52.49);
    expect(screen.getByLabelText('Longitude')).toHaveValue(13.39);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      address: 'Bergmannstraße 5, 10961 Berlin',
      lat: 52.49,
      lng: 13.39,
    });
  });

  it('offers the workspace default and each language in its own name, and saves the office’s choice', async () => {
    const customer = {
      id: 'cus_1',
      name: 'Bäckerei Koch',
      email: null,
      phone: null,
      address: 'Hauptstraße 1, Berlin',
      lat: 52.5,
      lng: 13.4,
      notes: '',
      language: null,
      version: 3,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
    };
    const fetch = fakeFetch({
      ...routes,
      [`PATCH /workspaces/${workspaceId}/customers/cus_1`]: ({ body }) =>
        json({ ...customer, ...(body as object), version: 4 }),
    });
    const onClose = vi.fn();
    const { user } = renderWithStore(
      <CustomerDialog workspaceId={workspaceId} customer={customer} open onClose={onClose} />,
      fetch,
    );
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('');
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Workspace default', 'English', 'Deutsch']);
    await user.selectOptions(language, 'Deutsch');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [patch] = fetch.callsTo(`PATCH /workspaces/${workspaceId}/customers/cus_1`);
    expect(patch?.body).toEqual({ language: 'de' });
    expect(patch?.headers['if-match']).toBeDefined();
  });

  it('closes only the suggestions on Escape inside the dialog; the next Escape closes the dialog', async () => {
    const onClose = vi.fn();
    const { user } = renderWithStore(
      <CustomerDialog workspaceId={workspaceId} customer={null} open onClose={onClose} />,
      fakeFetch(routes),
    );
    const address = addressField();
    await user.type(address, 'Ber');
    // The suggestions' options (the language select has options of its own).
    const listbox = await screen.findByRole('listbox', { name: 'Address suggestions' });
    await within(listbox).findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(address).toHaveAttribute('aria-expanded', 'false');
    expect(address).toHaveValue('Ber');
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
