import type { Role } from '@fieldplan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { event, technicians } from '../../test/schedule-fixtures';

const planUrl = `/workspaces/${workspaceId}/optimise-day`;
const plan = {
  memberId: 'tech-2',
  date: '2026-11-23',
  flexibleVisits: 0,
  before: { distanceKm: 0, driveMinutes: 0, finish: null },
  after: null,
  visits: [],
  changed: 0,
  message: 'No visit on this day has a flexible time: there is nothing to reorder.',
  source: 'model',
};

function routes(role: Role) {
  return fakeFetch({
    ...workspaceRoutes(role),
    [`GET /workspaces/${workspaceId}/areas`]: [],
    [`GET /workspaces/${workspaceId}/members`]: technicians,
    [`GET /workspaces/${workspaceId}/calendar/events`]: [event({ title: 'Boiler service' })],
    [`GET /workspaces/${workspaceId}/jobs`]: { items: [], total: 0, nextCursor: null },
    [`GET ${planUrl}`]: plan,
  });
}

/** The side pane starts folded on a window narrower than 1440 px (jsdom's is 1024): unfold it first. */
async function openSummary(user: ReturnType<typeof renderApp>['user']) {
  const unfold = screen.queryByRole('button', { name: 'Show the map' });
  if (unfold) await user.click(unfold);
  await user.click(await screen.findByRole('tab', { name: /Summary/ }));
}

describe('where "Optimise day" is offered', () => {
  it("sits on each technician's timeline row for dispatchers, and plans the day shown", async () => {
    const fetch = routes('dispatcher');
    const { user } = renderApp('/w/demo/calendar?view=resourceTimelineDay&date=2026-11-23', fetch);
    await screen.findByText('Boiler service', {}, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Optimise day for Tomasz Nowak' })).toBeInTheDocument();
    // The keyboard reaches it: it is a real button in the row's label.
    screen.getByRole('button', { name: 'Optimise day for Aylin Demir' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Optimise Aylin Demir’s day' });
    expect(await within(dialog).findByText(plan.message)).toBeInTheDocument();
    const asked = (fetch as unknown as { mock: { calls: [RequestInfo][] } }).mock.calls.map(([r]) => String(r));
    expect(asked).toContain(`/api/v1${planUrl}?memberId=tech-2&date=2026-11-23`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("is in the board's day summary too (where phones reach it), and never offered to viewers", async () => {
    const dispatcher = renderApp('/w/demo/dispatch?view=resourceTimelineDay&date=2026-11-23', routes('dispatcher'));
    await screen.findByText('Boiler service', {}, { timeout: 5000 });
    await openSummary(dispatcher.user);
    const summary = await screen.findByRole('region', { name: 'Day summary' });
    await dispatcher.user.click(within(summary).getByRole('button', { name: 'Optimise day for Tomasz Nowak' }));
    expect(await screen.findByRole('dialog', { name: 'Optimise Tomasz Nowak’s day' })).toBeInTheDocument();
    dispatcher.unmount();

    const viewer = renderApp('/w/demo/dispatch?view=resourceTimelineDay&date=2026-11-23', routes('viewer'));
    await screen.findByText('Boiler service', {}, { timeout: 5000 });
    await openSummary(viewer.user);
    await screen.findByRole('region', { name: 'Day summary' });
    expect(screen.queryByRole('button', { name: /Optimise day/ })).toBeNull();
  });
});
