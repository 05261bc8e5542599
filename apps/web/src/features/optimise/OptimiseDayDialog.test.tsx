import type { OptimiseDayPreview } from '@fieldplan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jobsApi } from '../../entities/job/endpoints';
import { fakeFetch, json, problem } from '../../test/fake-api';
import { workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { job } from '../../test/schedule-fixtures';
import { OptimiseDayDialog } from './OptimiseDayDialog';

const hostile = '<img src=x onerror=alert(1)>';
const url = `/workspaces/${workspaceId}/optimise-day`;
const zone = 'Europe/Berlin';
const member = { id: 'member-technician', name: 'Tomasz Nowak' };

const visit = (jobId: string, title: string, start: string, end: string, over: object = {}) => ({
  jobId,
  title,
  version: 1,
  fixed: false,
  start: `2026-11-23T${start}:00.000Z`,
  end: `2026-11-23T${end}:00.000Z`,
  currentStart: `2026-11-23T${start}:00.000Z`,
  ...over,
});

/** Monday 23 Nov 2026 in Berlin (UTC+1): two flexible visits swap places around a fixed one. */
const better: OptimiseDayPreview = {
  memberId: member.id,
  date: '2026-11-23',
  flexibleVisits: 3,
  before: { distanceKm: 42.3, driveMinutes: 84, finish: '2026-11-23T15:00:00.000Z' },
  after: { distanceKm: 30.7, driveMinutes: 61, finish: '2026-11-23T14:30:00.000Z' },
  visits: [
    visit('job-fixed', 'Fixed meeting', '07:00', '08:00', { fixed: true, version: 4 }),
    visit('job-1', 'Tap washer', '08:30', '09:30', { currentStart: '2026-11-23T12:00:00.000Z', version: 3 }),
    visit('job-stay', 'Boiler check', '10:00', '11:00', { version: 2 }),
    visit('job-4', hostile, '13:30', '14:30', { currentStart: '2026-11-23T09:00:00.000Z', version: 5 }),
  ],
  changed: 2,
  source: 'model',
  notice: 'The routing service could not be used: drive times are estimated from straight-line distance.',
};

const nothing: OptimiseDayPreview = {
  ...better,
  flexibleVisits: 0,
  after: null,
  visits: better.visits.map((v) => ({ ...v, fixed: true, start: v.currentStart })),
  changed: 0,
  message: 'No visit on this day has a flexible time: there is nothing to reorder.',
  notice: undefined,
};

function setup(routes: Parameters<typeof fakeFetch>[0]) {
  const fetch = fakeFetch(routes);
  const onClose = vi.fn();
  const view = renderWithStore(
    <OptimiseDayDialog workspaceId={workspaceId} member={member} date="2026-11-23" zone={zone} onClose={onClose} />,
    fetch,
  );
  return { ...view, fetch, onClose };
}

const applyButton = () => screen.getByRole('button', { name: /^Apply/ });

describe('optimise a day', () => {
  it('shows today beside the plan, the visits in the planned order, and what moves', async () => {
    setup({ [`GET ${url}`]: better });
    const dialog = await screen.findByRole('dialog', { name: 'Optimise Tomasz Nowak’s day' });
    const table = await within(dialog).findByRole('table', { name: 'The current and the optimised plan' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(row('Distance')).toHaveTextContent('42.3 km30.7 km−11.6 km');
    expect(row('Drive time')).toHaveTextContent('1 h 24 min1 h 01 min−23 min');
    expect(row('Finish')).toHaveTextContent('16:0015:30−30 min');

    const items = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '08:00–09:00Fixed meetingFixed time',
      '13:00 →  moves to 09:30–10:30Tap washerMoves',
      '11:00–12:00Boiler checkFlexible',
      `10:00 →  moves to 14:30–15:30${hostile}Moves`,
    ]);
    // Titles and the notice are text, never HTML.
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(within(dialog).getByText(better.notice ?? '')).toBeInTheDocument();
    expect(applyButton()).toHaveTextContent('Apply — move 2');
  });

  it('applies only the visits that move, each with the version it was planned against, into the caches', async () => {
    const moved = job({ id: 'job-1', start: better.visits[1]?.start, end: better.visits[1]?.end, version: 4 });
    const { user, fetch, onClose, store } = setup({
      [`GET ${url}`]: better,
      [`GET /workspaces/${workspaceId}/jobs/job-1`]: job({ id: 'job-1', start: '2026-11-23T12:00:00.000Z' }),
      [`POST ${url}`]: { jobs: [moved], deletedIds: [] },
    });
    // The job is on screen elsewhere (its detail): the answer must land there without a refetch.
    await store.dispatch(jobsApi.endpoints.getJob.initiate({ workspaceId, id: 'job-1' }));
    await screen.findByRole('table');
    await user.click(applyButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.callsTo(`POST ${url}`)[0]?.body).toEqual({
      memberId: member.id,
      date: '2026-11-23',
      visits: [
        { jobId: 'job-1', version: 3, start: '2026-11-23T08:30:00.000Z', end: '2026-11-23T09:30:00.000Z' },
        { jobId: 'job-4', version: 5, start: '2026-11-23T13:30:00.000Z', end: '2026-11-23T14:30:00.000Z' },
      ],
    });
    expect(await screen.findByText('Tomasz Nowak’s day: 2 visits moved')).toBeInTheDocument();
    const cached = () => jobsApi.endpoints.getJob.select({ workspaceId, id: 'job-1' })(store.getState()).data;
    await waitFor(() => expect(cached()).toMatchObject({ start: '2026-11-23T08:30:00.000Z', version: 4 }));
  });

  it('says the day changed when a visit moved meanwhile (412), and plans again on request', async () => {
    let plans = 0;
    const { user, fetch, onClose } = setup({
      [`GET ${url}`]: () => {
        plans += 1;
        return json(plans === 1 ? better : { ...better, visits: better.visits.map((v) => ({ ...v, version: 9 })) });
      },
      [`POST ${url}`]: () => problem('version_conflict', 'Tap washer changed since the plan was made'),
    });
    await screen.findByRole('table');
    await user.click(applyButton());
    expect(await screen.findByText('The day changed since this plan was made')).toBeInTheDocument();
    expect(applyButton()).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Plan again' }));
    await waitFor(() => expect(fetch.callsTo(`GET ${url}`)).toHaveLength(2));
    await waitFor(() => expect(applyButton()).toBeEnabled());
    expect(screen.queryByText('The day changed since this plan was made')).toBeNull();
    await user.click(applyButton());
    await waitFor(() => expect(fetch.callsTo(`POST ${url}`)).toHaveLength(2));
    const second = fetch.callsTo(`POST ${url}`)[1]?.body as { visits: { version: number }[] };
    expect(second.visits.map((v) => v.version)).toEqual([9, 9]);
  });

  it('says plainly when there is nothing better, and offers nothing to apply', async () => {
    setup({ [`GET ${url}`]: nothing });
    expect(
      await screen.findByText('No visit on this day has a flexible time: there is nothing to reorder.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Current plan' })).not.toHaveTextContent('Optimised');
    expect(screen.getByRole('heading', { name: 'Visits in the current order' })).toBeInTheDocument();
    expect(screen.queryByText('Moves')).toBeNull();
    expect(applyButton()).toBeDisabled();
  });

  it('shows a failed plan with Try again, and steps to another day', async () => {
    let fail = true;
    const { user, fetch } = setup({
      [`GET ${url}`]: () => (fail ? problem('internal', 'Boom') : json({ ...nothing, date: '2026-11-24' })),
    });
    expect(await screen.findByText("Couldn't plan this day")).toBeInTheDocument();
    expect(applyButton()).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(nothing.message ?? '')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(screen.getByText(/Tuesday/)).toBeInTheDocument();
    const asked = () =>
      (fetch as unknown as { mock: { calls: [RequestInfo][] } }).mock.calls.map(([request]) => String(request));
    await waitFor(() => expect(asked()).toContain(`/api/v1${url}?memberId=member-technician&date=2026-11-24`));
  });
});
