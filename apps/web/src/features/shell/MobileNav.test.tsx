import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('the phone navigation', () => {
  it('opens from the menu button, closes on Escape and after navigating', async () => {
    const { user, router } = renderApp('/w/demo', fakeFetch(workspaceRoutes('owner')));
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).toBeVisible();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.click(button);
    const links = screen.getAllByRole('link', { name: 'Team' });
    const inPanel = links.find((link) => panel?.contains(link));
    if (!inPanel) throw new Error('no Team link in the phone menu');
    await user.click(inPanel);
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/demo/team'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
