import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-api';
import { workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { job, technicians } from '../../test/schedule-fixtures';
import { SuggestSlots } from './SuggestSlots';

const hostile = '<img src=x onerror=alert(1)>';
const unscheduled = job({ start: null, end: null, status: 'unscheduled', assigneeIds: [], version: 4 });
const jobUrl = `/workspaces/${workspaceId}/jobs/job-1`;
const answer = {
  options: [
    {
      memberId: 'tech-2',
      start: '2026-11-24T08:00:00.000Z',
      end: '2026-11-24T09:00:00.000Z',
      addedTravelMinutes: 3.4,
      addedDistanceKm: 1.7,
      after: 'job-7',
    },
    {
      memberId: 'member-technician',
      start: '2026-11-24T13:15:00.000Z',
      end: '2026-11-24T14:15:00.000Z',
      addedTravelMinutes: 12.6,
      addedDistanceKm: 6.3,
    },
  ],
  durationMinutes: 60,
  outsideServiceAreas: false,
  source: 'model',
  notice: `The routing service could not be used (${hostile}): drive times are estimated from straight-line distance.`,
};

describe('suggest a time', () => {
  it('lists the options with technician and drive, and schedules one with If-Match', async () => {
    const fetch = fakeFetch({
      [`GET ${jobUrl}/suggestions`]: answer,
      [`PATCH ${jobUrl}`]: () =>
        json({
          jobs: [{ ...unscheduled, start: answer.options[0]?.start, end: answer.options[0]?.end, version: 5 }],
          deletedIds: [],
        }),
    });
    const { user } = renderWithStore(
      <SuggestSlots workspaceId={workspaceId} job={unscheduled} timeZone="Europe/Berlin" members={technicians} />,
      fetch,
    );
    await user.click(screen.getByRole('button', { name: 'Suggest a time' }));
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Aylin Demir');
    expect(items[0]).toHaveTextContent('+3 min drive');
    expect(items[1]).toHaveTextContent('+13 min drive');
    // The notice is text, never HTML.
    expect(screen.getByText(answer.notice)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();

    await user.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Scheduled with Aylin Demir')).toBeInTheDocument();
    const [sent] = fetch.callsTo(`PATCH ${jobUrl}`);
    expect(sent?.headers['if-match']).toBe('"4"');
    expect(sent?.body).toEqual({
      start: '2026-11-24T08:00:00.000Z',
      end: '2026-11-24T09:00:00.000Z',
      assigneeIds: ['tech-2'],
    });
  });

  it('shows nothing for a scheduled job, and asks for a site first', () => {
    const fetch = fakeFetch({});
    const scheduled = renderWithStore(
      <SuggestSlots workspaceId={workspaceId} job={job()} timeZone="Europe/Berlin" members={technicians} />,
      fetch,
    );
    expect(screen.queryByRole('button', { name: 'Suggest a time' })).toBeNull();
    scheduled.unmount();
    renderWithStore(
      <SuggestSlots
        workspaceId={workspaceId}
        job={{ ...unscheduled, lat: null, lng: null }}
        timeZone="Europe/Berlin"
        members={technicians}
      />,
      fetch,
    );
    expect(screen.getByRole('button', { name: 'Suggest a time' })).toBeDisabled();
    expect(screen.getByText('Place the job on the map to get suggestions.')).toBeInTheDocument();
  });
});
