import { describe, expect, it } from 'vitest';
import { type JobStatus, jobCreateSchema, jobTimingIssues, occurrenceStatus, statusTransitionIssue } from './jobs.js';

const timing = (start: string | null, end: string | null, allDay = false, rrule: string | null = null) =>
  jobTimingIssues({ start, end, allDay, rrule });
const paths = (issues: { path: string }[]) => issues.map((i) => i.path);

describe('jobTimingIssues (docs/PRODUCT.md, "Validation rules")', () => {
  it('accepts unscheduled, timed and all-day jobs', () => {
    expect(timing(null, null)).toEqual([]);
    expect(timing('2026-03-02T08:00:00Z', '2026-03-02T08:05:00Z')).toEqual([]);
    expect(timing('2026-03-02T08:00:00+01:00', '2026-03-03T08:00:00+01:00')).toEqual([]);
    expect(timing('2026-03-02', '2026-04-02', true)).toEqual([]);
  });

  it.each([
    ['end before start', timing('2026-03-02T09:00:00Z', '2026-03-02T08:00:00Z'), /after start/],
    ['0 minutes', timing('2026-03-02T09:00:00Z', '2026-03-02T09:00:00Z'), /after start/],
    ['4 minutes', timing('2026-03-02T09:00:00Z', '2026-03-02T09:04:00Z'), /at least 5 minutes/],
    ['25 hours', timing('2026-03-02T09:00:00Z', '2026-03-03T10:00:00Z'), /at most 24 hours/],
    ['all-day of 40 days', timing('2026-03-02', '2026-04-11', true), /at most 31 days/],
    ['all-day end on the start', timing('2026-03-02', '2026-03-02', true), /exclusive/],
  ])('refuses %s on end', (_name, issues, message) => {
    expect(paths(issues)).toEqual(['end']);
    expect(issues[0]?.message).toMatch(message);
  });

  it('names the field of each bad value', () => {
    expect(paths(timing('2026-03-02T09:00:00Z', null))).toEqual(['end']);
    expect(paths(timing(null, '2026-03-02T09:00:00Z'))).toEqual(['start']);
    expect(paths(timing('2026-03-02', '2026-03-02T10:00:00Z'))).toEqual(['start']);
    expect(paths(timing('2026-03-02T09:00:00', '2026-03-02T10:00:00Z'))).toEqual(['start']);
    expect(paths(timing('2026-02-30', '2026-03-02', true))).toEqual(['start']);
    expect(paths(timing(null, null, false, 'FREQ=WEEKLY;COUNT=3'))).toEqual(['rrule']);
    expect(paths(timing('2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', false, 'FREQ=WEEKLY;COUNT=10000'))).toEqual([
      'rrule.COUNT',
    ]);
  });
});

describe('jobTimingIssues: flexible windows', () => {
  const visit = { start: '2026-03-02T09:00:00Z', end: '2026-03-02T10:00:00Z', allDay: false, rrule: null };
  const window = { start: '2026-03-02T08:00:00Z', end: '2026-03-02T12:00:00Z' };
  const flex = (job: Partial<Parameters<typeof jobTimingIssues>[0]>) =>
    jobTimingIssues({ ...visit, flexibleWindow: window, ...job });

  it('accepts a one-off visit inside its window, and no window at all', () => {
    expect(flex({})).toEqual([]);
    expect(flex({ flexibleWindow: null })).toEqual([]);
    expect(flex({ start: window.start, end: window.end })).toEqual([]);
  });

  it.each([
    ['an unscheduled job', { start: null, end: null }, 'flexibleWindow', /start and an end/],
    ['an all-day job', { start: '2026-03-02', end: '2026-03-03', allDay: true }, 'flexibleWindow', /all-day/],
    ['a series', { rrule: 'FREQ=DAILY;COUNT=2' }, 'flexibleWindow', /recurring/],
    ['a visit outside it', { start: '2026-03-02T11:30:00Z', end: '2026-03-02T12:30:00Z' }, 'flexibleWindow', /inside/],
    ['an unparseable start', { flexibleWindow: { start: 'x', end: window.end } }, 'flexibleWindow.start', /date-time/],
    ['an unparseable end', { flexibleWindow: { start: window.start, end: 'x' } }, 'flexibleWindow.end', /date-time/],
    ['an empty window', { flexibleWindow: { start: window.end, end: window.end } }, 'flexibleWindow.end', /after/],
    [
      'a window over 24 h',
      { flexibleWindow: { start: '2026-03-01T08:00:00Z', end: '2026-03-02T12:00:00Z' } },
      'flexibleWindow.end',
      /24 hours/,
    ],
  ] as const)('refuses a window on %s', (_name, job, path, message) => {
    const issues = flex(job);
    expect(paths(issues)).toEqual([path]);
    expect(issues[0]?.message).toMatch(message);
  });
});

describe('jobCreateSchema', () => {
  it('fills defaults and reports every problem by field', () => {
    const ok = jobCreateSchema.parse({ title: 'Fix tap' });
    expect(ok).toMatchObject({ priority: 3, assigneeIds: [], allDay: false, start: null, rrule: null });
    const bad = jobCreateSchema.safeParse({
      title: '',
      priority: 6,
      assigneeIds: ['a', 'a'],
      start: '2026-03-02T09:00:00Z',
      end: '2026-03-02T09:00:00Z',
      lat: 1,
      colour: 'red',
    });
    expect(bad.success).toBe(false);
    const issuePaths = bad.error?.issues.map((i) => i.path.join('.') || (i as { keys?: string[] }).keys?.join()) ?? [];
    expect(issuePaths).toEqual(expect.arrayContaining(['title', 'priority', 'assigneeIds', 'colour']));
  });
});

describe('statusTransitionIssue (docs/PRODUCT.md, "States and transitions")', () => {
  const allowed = (from: JobStatus, to: JobStatus, anyJob: boolean, ready = true) =>
    statusTransitionIssue(from, to, anyJob, ready) === null;

  it('lets everyone who may move the job go forward', () => {
    for (const anyJob of [true, false]) {
      expect(allowed('scheduled', 'en_route', anyJob)).toBe(true);
      expect(allowed('en_route', 'in_progress', anyJob)).toBe(true);
      expect(allowed('in_progress', 'completed', anyJob)).toBe(true);
    }
  });

  it('refuses going back, with the catalogue message', () => {
    expect(statusTransitionIssue('completed', 'en_route', true, true)).toBe(
      "A completed job can't go back to en route",
    );
    expect(allowed('in_progress', 'en_route', false)).toBe(false);
    expect(allowed('in_progress', 'scheduled', true)).toBe(false);
  });

  it('lets only dispatchers cancel, schedule and reopen', () => {
    expect(allowed('scheduled', 'cancelled', true)).toBe(true);
    expect(allowed('in_progress', 'cancelled', true)).toBe(true);
    expect(allowed('scheduled', 'cancelled', false)).toBe(false);
    expect(allowed('completed', 'cancelled', true)).toBe(false);
    expect(allowed('completed', 'scheduled', true)).toBe(true);
    expect(allowed('cancelled', 'scheduled', true)).toBe(true);
    expect(allowed('cancelled', 'scheduled', false)).toBe(false);
    expect(allowed('unscheduled', 'scheduled', true, false)).toBe(false);
    expect(allowed('unscheduled', 'en_route', true)).toBe(false);
    expect(allowed('scheduled', 'scheduled', true)).toBe(false);
  });

  it('derives an occurrence status from the series', () => {
    expect(occurrenceStatus('scheduled', null, true)).toBe('scheduled');
    expect(occurrenceStatus('unscheduled', null, true)).toBe('scheduled');
    expect(occurrenceStatus('scheduled', 'completed', true)).toBe('completed');
  });
});
