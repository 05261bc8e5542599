import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outboxKinds } from '../../app/outbox-kinds';
import { routes } from '../../app/routes';
import { makeStore } from '../../app/store';
import { registerOutboxKinds } from '../../base/outbox';
import { LanguageProvider, storedLanguage } from '../../lib/i18n';
import { type FakeFetch, fakeFetch } from '../../test/fake-api';
import { meAs, workspaceRoutes } from '../../test/fixtures';

/** The whole app in an English-speaking browser, in the page's language as the entry mounts it. */
function renderInLanguage(fetch: FakeFetch) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
  registerOutboxKinds(outboxKinds);
  const store = makeStore({ fetchFn: fetch, onUnauthenticated: () => {} });
  const router = createMemoryRouter(routes, { initialEntries: ['/w/demo'] });
  const user = userEvent.setup();
  render(
    <LanguageProvider wish={storedLanguage()}>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </LanguageProvider>,
  );
  return { user };
}

const speaking = (language: 'de' | null) => {
  const me = meAs('owner');
  return { ...me, user: { ...me.user, language } };
};

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  document.documentElement.lang = '';
});

describe('your language, in the account menu', () => {
  it('lists the shipped languages by their own names, saves the choice and shows it at once', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      'PATCH /me': ({ body }) => Response.json(speaking((body as { language: 'de' | null }).language)),
    });
    const { user } = renderInLanguage(fetch);
    const trigger = await screen.findByRole('button', { name: 'Account: Olivia Owner' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const group = within(screen.getByRole('menu')).getByRole('group', { name: 'Language' });
    const choices = within(group).getAllByRole('menuitemradio');
    expect(choices.map((choice) => choice.textContent)).toEqual(['Browser default', 'English', 'Deutsch']);
    expect(within(group).getByRole('menuitemradio', { name: 'Browser default' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // Keyboard only: down past the location switch to the language and choose it.
    const german = within(group).getByRole('menuitemradio', { name: 'Deutsch' });
    for (let step = 0; step < 10 && document.activeElement !== german; step++) await user.keyboard('{ArrowDown}');
    expect(german).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(fetch.callsTo('PATCH /me')).toHaveLength(1));
    expect(fetch.callsTo('PATCH /me')[0]?.body).toEqual({ language: 'de' });
    expect(await screen.findByRole('button', { name: 'Konto: Olivia Owner' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(storedLanguage()).toBe('de');

    await user.click(screen.getByRole('button', { name: 'Konto: Olivia Owner' }));
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Browser-Standard' }));
    expect(await screen.findByRole('button', { name: 'Account: Olivia Owner' })).toBeInTheDocument();
    expect(fetch.callsTo('PATCH /me')[1]?.body).toEqual({ language: null });
    expect(storedLanguage()).toBeNull();
  });

  it('keeps the page’s language when the choice cannot be saved', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      'PATCH /me': () => Response.json({ title: 'Broken', status: 500, code: 'internal' }, { status: 500 }),
    });
    const { user } = renderInLanguage(fetch);
    await user.click(await screen.findByRole('button', { name: 'Account: Olivia Owner' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => expect(fetch.callsTo('PATCH /me')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Account: Olivia Owner' })).toBeInTheDocument();
    expect(storedLanguage()).toBeNull();
  });

  it('follows the language saved to the account (chosen on another device)', async () => {
    const fetch = fakeFetch({ ...workspaceRoutes('owner'), 'GET /me': speaking('de') });
    renderInLanguage(fetch);
    expect(await screen.findByRole('button', { name: 'Konto: Olivia Owner' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(fetch.callsTo('PATCH /me')).toHaveLength(0);
  });
});
