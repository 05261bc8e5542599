import type { BusyEvent } from '@fieldplan/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { workspace, workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { event, technicians } from '../../test/schedule-fixtures';
import { JobForm } from './JobForm';
import { toFormValues } from './job-form-schema';

const zone = 'Europe/Berlin';
const tomasz = 'member-technician';

/** Aylin's own calendar: busy Monday 13:00–14:00 Berlin. */
const busy: BusyEvent = {
  id: 'busy:feed-1:1',
  title: 'Busy',
  start: '2026-11-23T12:00:00.000Z',
  end: '2026-11-23T13:00:00.000Z',
  allDay: false,
  display: 'background',
  resourceIds: ['tech-2'],
  backgroundColor: '#999999',
  extendedProps: { feedId: 'feed-1', memberId: 'tech-2' },
};

/** The edit form of "Boiler service" (job-1, Tomasz, Monday 09:00–10:00 Berlin), beside "Pump check" at 10:00. */
function setup() {
  const fetch = fakeFetch({
    'GET /config': { version: 'test', demo: false },
    [`GET /workspaces/${workspaceId}`]: workspace,
    [`GET /workspaces/${workspaceId}/calendar/events`]: [
      event(),
      event({
        id: 'job-2',
        title: 'Pump check',
        start: '2026-11-23T09:00:00.000Z',
        end: '2026-11-23T10:00:00.000Z',
        props: { jobId: 'job-2' },
      }),
    ],
    [`GET /workspaces/${workspaceId}/calendar/busy`]: [busy],
  });
  const defaults = {
    ...toFormValues(null, zone, { start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T09:00:00.000Z' }),
    title: 'Boiler service',
    assigneeIds: [tomasz],
  };
  const view = renderWithStore(
    <JobForm
      id="job-form"
      workspaceId={workspaceId}
      zone={zone}
      technicians={technicians.filter((m) => m.role === 'technician')}
      defaultValues={defaults}
      workingHours={workspace.workingHours}
      visit={{ eventId: 'job-1', jobId: 'job-1' }}
      onSubmit={async () => {}}
    />,
    fetch,
  );
  return { ...view, fetch };
}

const warning = () => document.querySelector('.job-double-book')?.textContent ?? '';

describe('the job edit form’s double-booking warning', { timeout: 20_000 }, () => {
  it('says inline when the chosen technician and time overlap another visit or busy time, never the job’s own', async () => {
    const { user, fetch } = setup();
    // Its own visit at the same time, and the next job starting as it ends: no double booking.
    await waitFor(() => expect(fetch.callsTo(`GET /workspaces/${workspaceId}/calendar/events`)).not.toHaveLength(0));
    await waitFor(() => expect(fetch.callsTo(`GET /workspaces/${workspaceId}/calendar/busy`)).not.toHaveLength(0));
    expect(warning()).toBe('');

    // Half an hour later it runs into "Pump check" (the end moves with the start).
    const start = screen.getByLabelText('Start');
    await user.clear(start);
    await user.type(start, '2026-11-23T09:30');
    await waitFor(() => expect(warning()).toContain('Double-books Tomasz Nowak with “Pump check”'));
    expect(warning()).toContain('You can still save');

    // Aylin instead of Tomasz, at 13:30: on her busy time.
    await user.click(screen.getByRole('checkbox', { name: /Tomasz Nowak/ }));
    await user.click(screen.getByRole('checkbox', { name: /Aylin Demir/ }));
    await waitFor(() => expect(warning()).toBe(''));
    await user.clear(start);
    await user.type(start, '2026-11-23T13:30');
    await waitFor(() => expect(warning()).toContain('Double-books Aylin Demir with busy time'));

    // All day: visits of a whole day never double-book.
    await user.click(screen.getByRole('checkbox', { name: 'All day' }));
    await waitFor(() => expect(warning()).toBe(''));
  });
});
