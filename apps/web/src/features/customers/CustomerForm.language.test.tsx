import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n';
import { fakeFetch } from '../../test/fake-api';
import { workspace, workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { testPlaces } from '../places/test-fixtures';
import { CustomerForm } from './CustomerForm';

// docs/PRODUCT.md, "Languages": a form checked with a shared schema words its messages in the page's language.

const routes = {
  'GET /config': { version: 'test', demo: false },
  [`GET /workspaces/${workspaceId}`]: workspace,
  'GET /places': testPlaces,
};

function setup(wish: 'de' | 'en') {
  return renderWithStore(
    <LanguageProvider wish={wish} parts={['components', 'customers']}>
      <CustomerForm id="c" workspaceId={workspaceId} customer={null} onSave={vi.fn(async () => {})} />
      <button type="submit" form="c">
        OK
      </button>
    </LanguageProvider>,
    fakeFetch(routes),
  );
}

const field = (id: string) => {
  const input = document.querySelector<HTMLInputElement>(`.customer-form [name="${id}"]`);
  if (!input) throw new Error(`no field ${id}`);
  return input;
};

afterEach(() => {
  document.documentElement.lang = '';
});

describe('the customer form in German', { timeout: 20_000 }, () => {
  it('shows the shared rules’ messages in German', async () => {
    const { user } = setup('de');
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(field('name')).toHaveAccessibleDescription('Name ist erforderlich'));
    await user.type(field('phone'), '12 34');
    await user.type(field('email'), 'not-an-email');
    await user.type(field('lng'), '190');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(field('phone')).toHaveAccessibleDescription('Telefon muss mindestens 7 Zeichen lang sein'),
    );
    expect(field('email')).toHaveAccessibleDescription('E-Mail muss eine gültige E-Mail-Adresse sein');
    expect(field('lng')).toHaveAccessibleDescription('Längengrad darf höchstens 180 sein');
  });

  it('keeps the schema’s own English for English', async () => {
    const { user } = setup('en');
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(field('name')).toHaveAccessibleDescription('Name is required'));
  });
});
