import type { JobPatch } from '@fieldplan/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-api';
import { members, workspace, workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { job } from '../../test/schedule-fixtures';
import type { MoveRequest } from './fc-translate';
import { useScheduleWrites } from './use-schedule-writes';

const jobUrl = `/workspaces/${workspaceId}/jobs/job-1`;
// 09:00–10:00 Berlin, flexible 08:00–12:00.
const flexibleJob = job({ flexibleWindow: { start: '2026-11-23T07:00:00.000Z', end: '2026-11-23T11:00:00.000Z' } });

function Harness({ request }: { request: MoveRequest }) {
  const writes = useScheduleWrites(workspace, members);
  return (
    <>
      <button type="button" onClick={() => writes.move(request)}>
        Drop
      </button>
      {writes.dialogs}
    </>
  );
}

const request = (over: Partial<MoveRequest>): MoveRequest => ({
  eventId: 'job-1',
  jobId: 'job-1',
  title: 'Boiler service',
  occurrenceKey: null,
  recurring: false,
  flexible: true,
  version: 1,
  allDay: false,
  start: '2026-11-23T13:00:00.000Z',
  end: '2026-11-23T14:00:00.000Z',
  assigneeIds: null,
  previous: { start: flexibleJob.start ?? '', end: flexibleJob.end ?? '', assigneeIds: flexibleJob.assigneeIds },
  revert: () => {},
  ...over,
});

function setup(move: MoveRequest) {
  const fetch = fakeFetch({
    [`GET ${jobUrl}`]: flexibleJob,
    [`PATCH ${jobUrl}`]: ({ body }) =>
      json({ jobs: [{ ...flexibleJob, ...(body as JobPatch), version: 2 }], deletedIds: [] }),
  });
  const view = renderWithStore(<Harness request={move} />, fetch);
  return { ...view, fetch };
}

describe('dragging a flexible job', () => {
  it('takes the window along when the visit leaves it, so the move is not refused', async () => {
    const { user, fetch } = setup(request({}));
    await user.click(screen.getByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(fetch.callsTo(`PATCH ${jobUrl}`)).toHaveLength(1));
    expect(fetch.callsTo(`PATCH ${jobUrl}`)[0]?.body).toEqual({
      start: '2026-11-23T13:00:00.000Z',
      end: '2026-11-23T14:00:00.000Z',
      // Moved 5 h later: so does the window.
      flexibleWindow: { start: '2026-11-23T12:00:00.000Z', end: '2026-11-23T16:00:00.000Z' },
    });
  });

  it('leaves the window alone while the visit stays inside it, and never asks for fixed jobs', async () => {
    const inside = setup(request({ start: '2026-11-23T10:00:00.000Z', end: '2026-11-23T11:00:00.000Z' }));
    await inside.user.click(screen.getByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(inside.fetch.callsTo(`PATCH ${jobUrl}`)).toHaveLength(1));
    expect(inside.fetch.callsTo(`PATCH ${jobUrl}`)[0]?.body).toEqual({
      start: '2026-11-23T10:00:00.000Z',
      end: '2026-11-23T11:00:00.000Z',
    });
    inside.unmount();
    const fixed = setup(request({ flexible: false }));
    await fixed.user.click(screen.getByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(fixed.fetch.callsTo(`PATCH ${jobUrl}`)).toHaveLength(1));
    expect(fixed.fetch.callsTo(`GET ${jobUrl}`)).toHaveLength(0);
    expect(fixed.fetch.callsTo(`PATCH ${jobUrl}`)[0]?.body).not.toHaveProperty('flexibleWindow');
  });
});
