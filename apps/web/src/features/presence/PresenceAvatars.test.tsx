import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connectionChanged, presenceChanged } from '../../realtime/realtime-slice';
import { fakeFetch } from '../../test/fake-api';
import { workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const people = ['Olivia Owner', 'Dana Dispatch', 'Tomasz Nowak', 'Aylin Demir', 'Jonas Becker', 'Mia Schulz'];

describe('who is online', () => {
  it('shows you and three others, lists the rest behind "+k", and greys out as unknown while offline', async () => {
    const { store, user } = renderApp('/w/demo', fakeFetch(workspaceRoutes('owner')));
    await screen.findByRole('navigation', { name: 'Main' });
    act(() => {
      store.dispatch(connectionChanged({ state: 'connected', at: Date.now() - 10_000 }));
      store.dispatch(
        presenceChanged({
          workspaceId,
          members: people.map((name, i) => ({
            id: i === 0 ? 'user-owner' : `user-${i}`,
            name,
            role: i === 0 ? 'owner' : 'technician',
            colour: '#0072B2',
          })),
        }),
      );
    });
    const region = screen.getByRole('region', { name: 'Online now: 6' });
    const shown = region.querySelectorAll('li[data-user-id]');
    expect([...shown].map((li) => li.textContent)).toEqual([
      'OOOlivia Owner (you), Owner',
      'DDDana Dispatch, Technician',
      'TNTomasz Nowak, Technician',
      'ADAylin Demir, Technician',
    ]);
    await user.click(within(region).getByRole('button', { name: '2 more online' }));
    const others = screen.getByRole('dialog', { name: 'Also online' });
    expect(others).toHaveTextContent('Jonas Becker, Technician');
    expect(others).toHaveTextContent('Mia Schulz, Technician');

    act(() => void store.dispatch(connectionChanged({ state: 'unavailable', at: Date.now() })));
    const stale = screen.getByRole('region', {
      name: /^Presence unknown while offline \(6 online when last connected\)/,
    });
    expect(stale).toHaveAttribute('data-stale', 'true');
    expect(stale.querySelectorAll('.avatar-muted')).toHaveLength(6);
  });
});
