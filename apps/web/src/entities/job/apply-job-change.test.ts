import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { fakeFetch } from '../../test/fake-api';
import { workspace, workspaceId, workspaceRoutes } from '../../test/fixtures';
import { colours, event, job, visit } from '../../test/schedule-fixtures';
import { membersApi } from '../member/endpoints';
import { workspaceApi } from '../workspace/endpoints';
import { applyJobChange } from './apply-job-change';
import { calendarApi } from './calendar-endpoints';
import { applyJobChangeToVisits, rangeFilterOf } from './calendar-patch';
import { jobsApi } from './endpoints';

const zone = 'Europe/Berlin';
const ctx = { zone, colours };
const week = rangeFilterOf(
  { workspaceId, start: '2026-11-23', end: '2026-11-30', technicianId: null, status: '' },
  zone,
);
const updated = (data: ReturnType<typeof job>) => ({ entity: 'job' as const, action: 'updated' as const, data });

describe('applyJobChangeToVisits', () => {
  it('adds a new job in range, coloured by its first technician, and leaves one outside the range out', () => {
    const inRange = applyJobChangeToVisits([], { entity: 'job', action: 'created', data: job() }, week, ctx);
    expect(inRange).toHaveLength(1);
    expect(inRange[0]).toMatchObject({
      id: 'job-1',
      assigneeIds: ['member-technician'],
      colour: '#009E73',
      job: { id: 'job-1', version: 1 },
      occurrenceKey: null,
    });
    const later = job({ start: '2026-12-07T08:00:00.000Z', end: '2026-12-07T09:00:00.000Z' });
    expect(applyJobChangeToVisits([], { entity: 'job', action: 'created', data: later }, week, ctx)).toEqual([]);
  });

  it('moves a job: its old visit goes, the new one comes, unrelated visits stay as they were', () => {
    const other = visit({
      id: 'job-9',
      start: '2026-11-24T12:00:00.000Z',
      end: '2026-11-24T13:00:00.000Z',
      props: { jobId: 'job-9' },
    });
    const moved = job({
      start: '2026-11-25T10:00:00.000Z',
      end: '2026-11-25T11:30:00.000Z',
      assigneeIds: ['tech-2'],
      version: 2,
    });
    const next = applyJobChangeToVisits([visit(), other], updated(moved), week, ctx);
    expect(next.map((v) => v.id)).toEqual(['job-9', 'job-1']);
    expect(next[0]).toBe(other);
    expect(next[1]).toMatchObject({
      start: Date.parse('2026-11-25T10:00:00.000Z'),
      assigneeIds: ['tech-2'],
      colour: '#CC79A7',
      job: { version: 2 },
    });
  });

  it('marks a new double booking on both jobs, and clears it when one moves away', () => {
    const other = visit({
      id: 'job-9',
      start: '2026-11-23T08:30:00.000Z',
      end: '2026-11-23T09:30:00.000Z',
      props: { jobId: 'job-9' },
    });
    const booked = applyJobChangeToVisits([other], updated(job()), week, ctx);
    expect(booked.find((v) => v.id === 'job-1')?.overlapsWith).toEqual(['job-9']);
    expect(booked.find((v) => v.id === 'job-9')?.overlapsWith).toEqual(['job-1']);
    const away = job({ start: '2026-11-23T12:00:00.000Z', end: '2026-11-23T13:00:00.000Z' });
    const cleared = applyJobChangeToVisits(booked, updated(away), week, ctx);
    expect(cleared.every((v) => v.overlapsWith.length === 0)).toBe(true);
  });

  it('expands a weekly series in the zone: 09:00 local stays 09:00 across the week, exceptions applied', () => {
    const series = job({
      rrule: 'FREQ=DAILY;COUNT=10',
      exceptions: [
        {
          occurrence: '2026-11-24T08:00:00.000Z',
          kind: 'cancelled',
          start: null,
          end: null,
          assigneeIds: null,
          status: null,
        },
        {
          occurrence: '2026-11-25T08:00:00.000Z',
          kind: 'moved',
          start: '2026-11-25T13:00:00.000Z',
          end: '2026-11-25T14:00:00.000Z',
          assigneeIds: ['tech-2'],
          status: null,
        },
      ],
    });
    const visits = applyJobChangeToVisits([], updated(series), week, ctx);
    expect(visits).toHaveLength(6);
    expect(visits.map((v) => v.occurrenceKey)).not.toContain(Date.parse('2026-11-24T08:00:00.000Z'));
    const moved = visits.find((v) => v.occurrenceKey === Date.parse('2026-11-25T08:00:00.000Z'));
    expect(moved).toMatchObject({ start: Date.parse('2026-11-25T13:00:00.000Z'), assigneeIds: ['tech-2'] });
    expect(visits.every((v) => v.occurrenceKey !== null && v.id.startsWith('job-1:'))).toBe(true);
  });

  it('removes every visit of a deleted job', () => {
    const occurrences = [
      visit({ id: 'job-1:1' }),
      visit({ id: 'job-1:2' }),
      visit({ id: 'job-9', props: { jobId: 'job-9', overlapsWith: ['job-1:1'] } }),
    ];
    const next = applyJobChangeToVisits(
      occurrences,
      { entity: 'job', action: 'deleted', data: { id: 'job-1' } },
      week,
      ctx,
    );
    expect(next.map((v) => v.id)).toEqual(['job-9']);
    expect(next[0]?.overlapsWith).toEqual([]);
  });

  it("respects the cached range's filters", () => {
    const onlyTech2 = { ...week, technicianId: 'tech-2' };
    expect(applyJobChangeToVisits([visit()], updated(job()), onlyTech2, ctx)).toEqual([]);
    const onlyCompleted = { ...week, statuses: ['completed' as const] };
    expect(applyJobChangeToVisits([], updated(job()), onlyCompleted, ctx)).toEqual([]);
    expect(applyJobChangeToVisits([], updated(job({ status: 'completed' })), onlyCompleted, ctx)).toHaveLength(1);
  });
});

describe('applyJobChange', () => {
  it('updates every cached range and the queue without a request', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('dispatcher'),
      [`GET /workspaces/${workspaceId}/calendar/events`]: [event()],
      [`GET /workspaces/${workspaceId}/jobs`]: {
        items: [job({ id: 'job-q', start: null, end: null, status: 'unscheduled', assigneeIds: [] })],
        total: 1,
        nextCursor: null,
      },
    });
    const store = makeStore({ fetchFn: fetch, onUnauthenticated: () => {} });
    const week1 = { workspaceId, start: '2026-11-23', end: '2026-11-30', technicianId: null, status: '' };
    const day = { workspaceId, start: '2026-11-25', end: '2026-11-26', technicianId: null, status: '' };
    await store.dispatch(workspaceApi.endpoints.getWorkspace.initiate(workspaceId));
    await store.dispatch(membersApi.endpoints.getMembers.initiate(workspaceId));
    await store.dispatch(calendarApi.endpoints.getCalendarEvents.initiate(week1));
    await store.dispatch(calendarApi.endpoints.getCalendarEvents.initiate(day));
    await store.dispatch(jobsApi.endpoints.listJobs.initiate({ workspaceId, unscheduled: true, limit: 100 }));
    const requests = fetch.calls.length;

    const scheduled = job({
      id: 'job-q',
      start: '2026-11-25T10:00:00.000Z',
      end: '2026-11-25T11:00:00.000Z',
      status: 'scheduled',
    });
    store.dispatch(applyJobChange(workspace.id, updated(scheduled)));

    const state = store.getState();
    const weekEvents = calendarApi.endpoints.getCalendarEvents.select(week1)(state).data ?? [];
    const dayEvents = calendarApi.endpoints.getCalendarEvents.select(day)(state).data ?? [];
    expect(weekEvents.map((e) => e.id).sort()).toEqual(['job-1', 'job-q']);
    expect(dayEvents.map((e) => e.id)).toContain('job-q');
    const queue = jobsApi.endpoints.listJobs.select({ workspaceId, unscheduled: true, limit: 100 })(state).data;
    expect(queue).toMatchObject({ items: [], total: 0 });
    expect(fetch.calls.length).toBe(requests);
  });
});
