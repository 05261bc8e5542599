import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, problem } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { CustomerForm } from './CustomerForm';

function setup(onSave = vi.fn(async (_values: unknown) => {})) {
  const view = renderWithStore(
    <>
      <CustomerForm id="c" customer={null} onSave={onSave} />
      <button type="submit" form="c">
        Save
      </button>
    </>,
    fakeFetch({}),
  );
  return { ...view, onSave };
}

describe('the customer form', () => {
  it('checks phone length and characters, email and position with the shared rules (minLength, pattern, max)', async () => {
    const { user, onSave } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Address is required');
    await user.type(screen.getByLabelText('Name'), 'Bäckerei Koch');
    await user.type(screen.getByLabelText('Address'), 'Hauptstraße 1, Berlin');
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
    await user.type(screen.getByLabelText('Address'), 'Hauptstraße 1, Berlin');
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
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name must be at most 120 characters'),
    );
  });
});
