import type { Area, Role } from '@fieldplan/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { workspaceId, workspaceRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { event, technicians } from '../../test/schedule-fixtures';

const hostile = '<img src=x onerror=alert(1)>';

/** A 2 km circle in central Berlin: the workspace's one service area. */
const centre: Area = {
  id: 'area-1',
  name: 'Mitte',
  colour: '#0072B2',
  geometry: { type: 'Circle', center: { lat: 52.52, lng: 13.405 }, radiusM: 2000 },
  vertexCount: 0,
  version: 1,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
};

function routes(
  role: Role,
  events = [
    // An occurrence of a series (the feed marks it recurring by its occurrence key).
    event({
      id: `job-1:${Date.parse('2026-11-23T08:00:00.000Z')}`,
      title: hostile,
      props: { occurrenceKey: '2026-11-23T08:00:00.000Z', overlapsWith: ['job-9'], recurring: true },
    }),
    event({ id: 'job-2', title: 'Tap washer', props: { jobId: 'job-2', flexible: true } }),
  ],
  areas: Area[] = [],
) {
  return fakeFetch({
    ...workspaceRoutes(role),
    [`GET /workspaces/${workspaceId}/areas`]: areas,
    [`GET /workspaces/${workspaceId}/members`]: technicians,
    [`GET /workspaces/${workspaceId}/calendar/events`]: events,
    [`GET /workspaces/${workspaceId}/jobs`]: { items: [], total: 0, nextCursor: null },
  });
}

describe('the calendar', () => {
  it('shows a job title exactly as typed, never as HTML, with its status, recurrence, flexibility and double booking', async () => {
    const fetch = routes('dispatcher');
    renderApp('/w/demo/calendar?view=listWeek&date=2026-11-23', fetch);
    // The file's first render loads FullCalendar cold (seconds on a busy machine), and the list may
    // draw its rows twice as the working-hours span settles: wait for the title to stay in place.
    await waitFor(() => expect(screen.getByText(hostile)).toBeInTheDocument(), { timeout: 12_000 });
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getAllByText('Scheduled')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Recurring' })).toBeInTheDocument();
    // Only the flexible job carries the ↔ marker, named for screen readers.
    expect(screen.getAllByRole('img', { name: 'Flexible time' })).toHaveLength(1);
    expect(screen.getByText('Tap washer').closest('.ev')).toContainElement(
      screen.getByRole('img', { name: 'Flexible time' }),
    );
    // The badge's word is short ("Double"); its accessible name says it in full.
    expect(screen.getByRole('img', { name: /^Double-booked/ })).toHaveTextContent('Double');
    const feed = fetch.calls.find((c) => c.path.endsWith('/calendar/events'));
    expect(feed).toBeDefined();
  });

  it('keeps the view, date and filters in the URL and asks the feed for exactly that range', async () => {
    const fetch = routes('dispatcher');
    const { router } = renderApp('/w/demo/calendar?view=dayGridMonth&date=2026-11-23&tech=tech-2', fetch);
    await screen.findByRole('heading', { name: 'November 2026' }, { timeout: 5000 });
    const calls = (fetch as unknown as { mock: { calls: [RequestInfo][] } }).mock.calls.map(([url]) => String(url));
    expect(calls).toContain(
      `/api/v1/workspaces/${workspaceId}/calendar/events?start=2026-10-26&end=2026-12-07&technicianId=tech-2`,
    );
    screen.getByRole('button', { name: 'Next month' }).click();
    await waitFor(() => expect(router.state.location.search).toBe('?view=dayGridMonth&date=2026-12-23&tech=tech-2'));
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
  });

  it('has the board’s area and priority filters, kept in the URL, and drops an area the workspace doesn’t know', async () => {
    const urgent = event({ id: 'p1', title: 'Burst pipe', props: { jobId: 'p1', priority: 1 } });
    const routine = event({ id: 'p3', title: 'Annual check', props: { jobId: 'p3', priority: 3 } });
    const { router } = renderApp(
      '/w/demo/calendar?view=listWeek&date=2026-11-23&area=gone',
      routes('dispatcher', [urgent, routine], [centre]),
    );
    await screen.findByText('Annual check', {}, { timeout: 12_000 });
    const area = screen.getByRole('combobox', { name: 'Service area' });
    await waitFor(() => expect(router.state.location.search).not.toContain('area='));
    expect(screen.getByRole('option', { name: 'Mitte' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Priority' }), { target: { value: '1' } });
    await waitFor(() => expect(router.state.location.search).toContain('priority=1'));
    await waitFor(() => expect(screen.queryByText('Annual check')).toBeNull());
    expect(screen.getByText('Burst pipe')).toBeInTheDocument();
    fireEvent.change(area, { target: { value: 'area-1' } });
    await waitFor(() => expect(router.state.location.search).toContain('area=area-1'));
  });

  it('says what to do when a day is empty: dispatchers are pointed at the queue and the slots', async () => {
    renderApp('/w/demo/dispatch?view=resourceTimelineDay&date=2026-11-23', routes('dispatcher', []));
    expect(
      await screen.findByText('No jobs this day — drag one from the queue or click a slot', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('lets dispatchers drag jobs, and viewers only look', async () => {
    const dispatcher = renderApp('/w/demo/dispatch?view=resourceTimelineDay&date=2026-11-23', routes('dispatcher'));
    await screen.findByText(hostile, {}, { timeout: 5000 });
    await waitFor(() => expect(document.querySelector('.fc-event-draggable')).not.toBeNull());
    dispatcher.unmount();
    renderApp('/w/demo/dispatch?view=resourceTimelineDay&date=2026-11-23', routes('viewer'));
    await screen.findByText(hostile, {}, { timeout: 5000 });
    expect(document.querySelector('.fc-event')).not.toBeNull();
    expect(document.querySelector('.fc-event-draggable')).toBeNull();
    expect(screen.queryByText("Drag a job onto a technician's row to schedule it.")).toBeNull();
  });

  it('flags jobs whose site lies outside every service area, in words for screen readers', async () => {
    const inside = event({ id: 'in', title: 'Inside job', props: { jobId: 'in', lat: 52.521, lng: 13.41 } });
    const away = event({ id: 'out', title: 'Strausberg job', props: { jobId: 'out', lat: 52.5787, lng: 13.8862 } });
    const nowhere = event({ id: 'none', title: 'No site', props: { jobId: 'none', lat: null, lng: null } });
    renderApp(
      '/w/demo/calendar?view=listWeek&date=2026-11-23',
      routes('dispatcher', [inside, away, nowhere], [centre]),
    );
    const flag = await screen.findByRole('img', { name: 'Outside every service area' }, { timeout: 5000 });
    expect(flag.closest('[data-event-id]')?.getAttribute('data-event-id')).toBe('out');
    expect(screen.getAllByRole('img', { name: 'Outside every service area' })).toHaveLength(1);
    expect(screen.getByText('Inside job')).toBeInTheDocument();
  });
});
