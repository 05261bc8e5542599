import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('the workspace overview', () => {
  it('shows an owner the getting-started checklist and the team at a glance', async () => {
    renderApp('/w/demo', fakeFetch(workspaceRoutes('owner')));
    expect(await screen.findByRole('heading', { name: 'Demo Plumbing', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/You're an owner here/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Invite people/ })).toHaveAttribute('href', '/w/demo/team');
    expect(screen.getByRole('link', { name: /Open settings/ })).toHaveAttribute('href', '/w/demo/settings');
    expect(screen.getByText(/Invite your team/)).toHaveTextContent('(done)');

    const faces = await screen.findByRole('list', { name: 'Active members' });
    // The deactivated viewer is not counted among active members.
    expect(
      within(faces)
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label')),
    ).toEqual(['Olivia Owner', 'Dana Dispatch', 'Tomasz Nowak']);
    expect(screen.getByText('Technicians').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('Viewers').nextElementSibling).toHaveTextContent('0');
  });

  it('shows a technician no checklist, just the workspace and their role', async () => {
    renderApp('/w/demo', fakeFetch(workspaceRoutes('technician')));
    expect(await screen.findByText(/You're a technician here/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
    expect(await screen.findByText('Europe/Berlin')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
  });
});
