import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('404 in the UI', () => {
  it('an address the app doesn’t know shows the not-found page', async () => {
    renderApp('/nowhere/at/all', fakeFetch(workspaceRoutes('owner')));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my workspace' })).toHaveAttribute('href', '/');
  });

  it('a record the API answers 404 for says it no longer exists (the fake API answers 404 for unknown routes)', async () => {
    renderApp('/w/demo/customers/cust-gone', fakeFetch(workspaceRoutes('owner')));
    expect(await screen.findByText('This customer no longer exists')).toBeInTheDocument();
  });
});
