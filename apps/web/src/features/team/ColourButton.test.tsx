import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-api';
import { members, workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe("an owner changing a member's colour", () => {
  it('works from the keyboard alone, and Escape closes the palette', async () => {
    const path = `/workspaces/${workspaceId}/members/member-dispatcher`;
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      [`PATCH ${path}`]: ({ body }) => json({ ...members[1], ...(body as object) }),
    });
    const { user } = renderApp('/w/demo/team', fetch);
    const button = await screen.findByRole('button', { name: 'Colour of Dana Dispatch: Orange. Change' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Colour for Dana Dispatch' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Orange' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowLeft}{Enter}');
    await waitFor(() => expect(fetch.callsTo(`PATCH ${path}`)[0]?.body).toEqual({ colour: '#0072B2' }));
    expect(await screen.findByRole('button', { name: 'Colour of Dana Dispatch: Blue. Change' })).toHaveFocus();
  });
});
