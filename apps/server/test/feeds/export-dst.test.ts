import type { FeedTokenCreated, Job } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../harness.js';
import { ws } from '../helpers.js';
import {
  changeOf,
  createJob,
  createTeam,
  deleteJob,
  events,
  patchJob,
  scopeQuery,
  type Team,
} from '../schedule-helpers.js';
import { viaIcalJs, viaNodeIcal } from './ical-readers.js';

// iCal export around DST changes: a local time the workspace zone repeats (25 October 2026, 02:00–03:00
// in Berlin happens twice) or skips (29 March 2026, 02:00–03:00 never happens) must not be written
// as that local time, or calendar apps put the job an hour off.

const from = '2026-03-01';
const to = '2026-11-15';

describe('iCal export in the repeated and the skipped hour', () => {
  let ctx: TestContext;
  let team: Team;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestApp({ feeds: { background: false } });
    team = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
    const { owner } = team;
    // 02:30 CEST and 02:30 CET: the same local time, an hour apart.
    await createJob(owner, {
      title: 'First half-past two',
      start: '2026-10-25T00:30:00Z',
      end: '2026-10-25T00:50:00Z',
    });
    await createJob(owner, {
      title: 'Second half-past two',
      start: '2026-10-25T01:30:00Z',
      end: '2026-10-25T01:50:00Z',
    });
    // Ends in the repeated hour, starts before it.
    await createJob(owner, { title: 'Night shift', start: '2026-10-24T20:00:00Z', end: '2026-10-25T01:15:00Z' });
    // Daily 02:30 Berlin over both changes: on 29 March 02:30 does not exist (03:30 CEST, RFC 5545),
    // on 25 October it is the first 02:30. One series has that occurrence cancelled, one has it moved
    // into the second 02:30.
    const spring = await createJob(owner, {
      title: 'Spring bake',
      start: '2026-03-27T01:30:00Z',
      end: '2026-03-27T02:00:00Z',
      rrule: 'FREQ=DAILY;COUNT=5',
    });
    changeOf(await deleteJob(owner, spring, scopeQuery('this', '2026-03-28T01:30:00.000Z')));
    let autumn: Job = await createJob(owner, {
      title: 'Autumn bake',
      start: '2026-10-23T00:30:00Z',
      end: '2026-10-23T01:00:00Z',
      rrule: 'FREQ=DAILY;COUNT=5',
    });
    autumn = changeOf(
      await patchJob(
        owner,
        autumn,
        { start: '2026-10-25T01:30:00Z', end: '2026-10-25T02:00:00Z' },
        scopeQuery('this', '2026-10-25T00:30:00.000Z'),
      ),
    ).jobs[0] as Job;
    const cancelled = await createJob(owner, {
      title: 'Autumn proof',
      start: '2026-10-24T00:30:00Z',
      end: '2026-10-24T00:45:00Z',
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    changeOf(await deleteJob(owner, cancelled, scopeQuery('this', '2026-10-25T00:30:00.000Z')));
    const gap = await createJob(owner, {
      title: 'Gap proof',
      start: '2026-03-28T01:30:00Z',
      end: '2026-03-28T01:45:00Z',
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    changeOf(await deleteJob(owner, gap, scopeQuery('this', '2026-03-29T01:30:00.000Z')));
    const res = await owner.client.post(ws(owner.workspaceId, '/feed-tokens'), { memberId: null });
    expect(res.statusCode, res.body).toBe(201);
    url = (res.json() as FeedTokenCreated).url;
  });
  afterAll(() => ctx.close());

  const calendarText = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const apiOccurrences = async () => {
    const out: string[] = [];
    for (const [a, b] of [
      ['2026-03-20', '2026-04-05'],
      ['2026-10-20', '2026-11-01'],
    ] as const) {
      for (const e of await events(team.owner, a, b)) out.push(`${e.start}/${e.end}`);
    }
    return out.sort();
  };

  it('writes a time in the repeated hour in UTC, so the two 02:30s stay an hour apart', async () => {
    const text = (await calendarText()).replace(/\r\n /g, '');
    expect(text).toContain('DTSTART:20261025T003000Z');
    expect(text).toContain('DTSTART:20261025T013000Z');
    expect(text).toContain('DTEND:20261025T011500Z');
    // Unambiguous times stay local.
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20261024T220000');
  });

  it('keeps series on local time and cuts them around an occurrence at a skipped or repeated time', async () => {
    const text = (await calendarText()).replace(/\r\n /g, '');
    // Autumn bake: 23 and 24 October, the moved 25th alone in UTC, then 26 and 27 October.
    expect(text).toContain(
      'DTSTART;TZID=Europe/Berlin:20261023T023000\r\nDTEND;TZID=Europe/Berlin:20261023T030000\r\nRRULE:FREQ=DAILY;COUNT=2',
    );
    expect(text).toContain(
      'DTSTART;TZID=Europe/Berlin:20261026T023000\r\nDTEND;TZID=Europe/Berlin:20261026T030000\r\nRRULE:FREQ=DAILY;COUNT=2',
    );
    expect(text).toContain('DTSTART:20261025T013000Z');
    // Spring bake: 27 March, (28 March cancelled), the skipped 29th alone at its instant, then 30 and 31.
    expect(text).toContain(
      'DTSTART;TZID=Europe/Berlin:20260327T023000\r\nDTEND;TZID=Europe/Berlin:20260327T030000\r\nRRULE:FREQ=DAILY;COUNT=2\r\nEXDATE;TZID=Europe/Berlin:20260328T023000',
    );
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20260329T033000\r\nDTEND;TZID=Europe/Berlin:20260329T040000');
    expect(text).toContain(
      'DTSTART;TZID=Europe/Berlin:20260330T023000\r\nDTEND;TZID=Europe/Berlin:20260330T030000\r\nRRULE:FREQ=DAILY;COUNT=2',
    );
    // No line names a skipped or repeated wall time.
    expect(text).not.toMatch(/TZID=Europe\/Berlin:(20261025T02|20260329T02)/);
  });

  it('reads back to the calendar API’s instants in ical.js and node-ical', async () => {
    const text = await calendarText();
    const expected = await apiOccurrences();
    expect(expected).toContain('2026-10-25T00:30:00.000Z/2026-10-25T00:50:00.000Z');
    expect(expected).toContain('2026-10-25T01:30:00.000Z/2026-10-25T01:50:00.000Z');
    expect(expected).toContain('2026-10-25T01:30:00.000Z/2026-10-25T02:00:00.000Z');
    expect(expected).toContain('2026-03-29T01:30:00.000Z/2026-03-29T02:00:00.000Z');
    expect(viaIcalJs(text, to)).toEqual(expected);
    expect(viaNodeIcal(text, from, to)).toEqual(expected);
  });
});
