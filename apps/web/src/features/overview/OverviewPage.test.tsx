import type { Feed } from '@fieldplan/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { event } from '../../test/schedule-fixtures';

const hour = 3_600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * hour).toISOString();

function today(role: Parameters<typeof workspaceRoutes>[0], extra: Record<string, unknown> = {}) {
  return fakeFetch({
    ...workspaceRoutes(role),
    [`GET /workspaces/${workspaceId}/calendar/events`]: [],
    [`GET /workspaces/${workspaceId}/travel-legs`]: { legs: [], days: [], source: 'model' },
    [`GET /workspaces/${workspaceId}/jobs`]: { items: [], total: 0, nextCursor: null },
    [`GET /workspaces/${workspaceId}/feeds`]: [],
    ...extra,
  });
}

describe('the workspace overview', () => {
  it('shows an owner the getting-started checklist and an all-clear day', async () => {
    renderApp('/w/demo', today('owner'));
    expect(await screen.findByRole('heading', { name: 'Demo Plumbing', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/You're an owner here/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Invite people/ })).toHaveAttribute('href', '/w/demo/team');
    expect(screen.getByRole('link', { name: /Open settings/ })).toHaveAttribute('href', '/w/demo/settings');
    expect(screen.getByText(/Invite your team/)).toHaveTextContent('(done)');
    expect(await screen.findByText('All clear.')).toBeInTheDocument();
    // The map's coordinates are no longer on the overview: its facts are about time.
    expect(screen.queryByText('Map centre')).not.toBeInTheDocument();
  });

  it('lists what needs attention today, each a link into the board filtered to it', async () => {
    const failing = { id: 'feed-1', name: 'School holidays', status: 'failing' } as Feed;
    const fetch = today('dispatcher', {
      [`GET /workspaces/${workspaceId}/calendar/events`]: [
        event({ id: 'late', title: 'Leaking tap', start: at(-1), end: at(1) }),
        event({ id: 'out', title: 'Boiler check', start: at(-0.5), end: at(0.5), props: { status: 'en_route' } }),
        event({ id: 'over', title: 'Gutter', start: at(-3), end: at(-2), props: { status: 'in_progress' } }),
      ],
      [`GET /workspaces/${workspaceId}/jobs`]: { items: [], total: 4, nextCursor: null },
      [`GET /workspaces/${workspaceId}/feeds`]: [failing],
    });
    renderApp('/w/demo', fetch);
    const list = await screen.findByRole('list', { name: 'Needs attention today' });
    const link = (name: RegExp) => within(list).getByRole('link', { name });
    expect(link(/4 jobs waiting for a time or a technician/)).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/w\/demo\/dispatch\?date=/),
    );
    // It counts the board's queue (a time or a technician missing), as the queue pane asks for it.
    const jobLists = (fetch as unknown as { mock: { calls: [RequestInfo][] } }).mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/jobs?'));
    expect(jobLists).toEqual([expect.stringContaining('queue=true')]);
    expect(jobLists.join()).not.toContain('unscheduled');
    expect(link(/1 visit overdue/)).toHaveAttribute(
      'href',
      expect.stringContaining('status=scheduled%2Cen_route%2Cin_progress'),
    );
    expect(link(/1 late start/)).toHaveTextContent('Leaking tap');
    expect(link(/1 late start/)).toHaveAttribute('href', expect.stringContaining('status=scheduled'));
    expect(link(/1 visit on the way/)).toHaveAttribute('href', expect.stringContaining('status=en_route'));
    expect(link(/1 calendar feed failing/)).toHaveAttribute('href', '/w/demo/feeds');
    expect(screen.queryByText('All clear.')).not.toBeInTheDocument();
  });

  it('shows a technician no checklist, only their own day, linking to my day', async () => {
    renderApp(
      '/w/demo',
      today('technician', {
        [`GET /workspaces/${workspaceId}/calendar/events`]: [
          event({ id: 'theirs', start: at(-1), end: at(1), props: { assigneeIds: ['someone-else'] } }),
        ],
      }),
    );
    expect(await screen.findByText(/You're a technician here/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
    expect(await screen.findByText('Europe/Berlin')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(await screen.findByText('All clear.')).toBeInTheDocument();
  });
});
