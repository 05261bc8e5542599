import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { RestoredInvitations } from './RestoredInvitations';

describe('the invitations a restore made', () => {
  it('lists every other member alike, each with a link to copy', async () => {
    const invitations = [
      {
        email: 'tim@example.test',
        name: 'Tim Tech',
        role: 'technician' as const,
        url: 'http://x/invite/a',
        expiresAt: '2099-01-01T00:00:00.000Z',
      },
      {
        email: 'dora@example.test',
        name: 'Dora',
        role: 'dispatcher' as const,
        url: 'http://x/invite/b',
        expiresAt: '2099-01-01T00:00:00.000Z',
      },
    ];
    const { user } = renderWithStore(<RestoredInvitations invitations={invitations} />, fakeFetch({}));
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Tim Tech · tim@example.test · technicianCopy link',
      'Dora · dora@example.test · dispatcherCopy link',
    ]);
    await user.click(screen.getByRole('button', { name: 'Copy invite link for dora@example.test' }));
    expect(writeText).toHaveBeenCalledWith('http://x/invite/b');
    expect(await screen.findByText('Invite link for dora@example.test copied')).toBeInTheDocument();
  });
});
