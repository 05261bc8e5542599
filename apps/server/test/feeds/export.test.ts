import type { FeedToken, FeedTokenCreated, Job } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../harness.js';
import { expectProblem, sha256, ws } from '../helpers.js';
import {
  changeOf,
  createJob,
  createTeam,
  deleteJob,
  events,
  patchJob,
  scopeQuery,
  setStatus,
  type Team,
} from '../schedule-helpers.js';
import { viaIcalJs, viaNodeIcal } from './ical-readers.js';

// iCal export links: tokens, the RFC 5545 calendar, ETag/304, and the round trip through two
// independent parsers against the calendar feed API over a span holding both 2026 DST changes.

const from = '2026-03-01';
const to = '2026-11-15';

describe('iCal export links', () => {
  let ctx: TestContext;
  let team: Team;
  let series: Job;

  beforeAll(async () => {
    ctx = await createTestApp({ feeds: { background: false } });
    team = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
    const { owner, tech1, tech2 } = team;
    // Mondays 09:00–10:00 Berlin across the March DST change, one cancelled, one moved.
    series = await createJob(owner, {
      title: 'Weekly clean',
      start: '2026-03-02T08:00:00Z',
      end: '2026-03-02T09:00:00Z',
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=40',
      assigneeIds: [tech1.memberId],
    });
    series = changeOf(await deleteJob(owner, series, scopeQuery('this', '2026-03-16T08:00:00.000Z'))).jobs[0] as Job;
    const moved = await patchJob(
      owner,
      series,
      { start: '2026-03-24T13:00:00Z', end: '2026-03-24T14:30:00Z' },
      scopeQuery('this', '2026-03-23T08:00:00.000Z'),
    );
    series = changeOf(moved).jobs[0] as Job;
    // Daily 18:00 Berlin across the October change, UNTIL in UTC.
    await createJob(owner, {
      title: 'Evening check',
      start: '2026-10-20T16:00:00Z',
      end: '2026-10-20T16:30:00Z',
      rrule: 'FREQ=DAILY;UNTIL=20261030T170000Z',
      assigneeIds: [tech2.memberId],
    });
    await createJob(owner, {
      title: 'Boiler, Berlin; "quoted", comma',
      description: 'Line one\nLine two',
      start: '2026-03-28T10:00:00Z',
      end: '2026-03-28T11:00:00Z',
      assigneeIds: [tech1.memberId],
    });
    await createJob(owner, {
      title: 'Fair',
      start: '2026-07-01',
      end: '2026-07-03',
      allDay: true,
      assigneeIds: [tech2.memberId],
    });
    const cancelled = await createJob(owner, {
      title: 'Called off',
      start: '2026-05-05T07:00:00Z',
      end: '2026-05-05T08:00:00Z',
      assigneeIds: [tech1.memberId],
    });
    expect((await setStatus(owner, cancelled, 'cancelled')).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  const makeLink = async (memberId: string | null, caller = team.owner) => {
    const res = await caller.client.post(ws(caller.workspaceId, '/feed-tokens'), { memberId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as FeedTokenCreated;
  };
  /** GET the link's calendar as a calendar app would (no cookies). */
  const fetchLink = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: new URL(url).pathname, headers });

  it('makes a link whose URL is shown once; lists without secrets; stores only a hash', async () => {
    const link = await makeLink(null);
    const token = /\/ical\/([A-Za-z0-9_-]+)\.ics$/.exec(link.url)?.[1] ?? '';
    // 32 random bytes (256 bits), base64url.
    expect(token.length).toBe(43);
    expect(link).toMatchObject({ memberId: null, hint: token.slice(-4), revokedAt: null });
    const list = (await team.owner.client.get(ws(team.owner.workspaceId, '/feed-tokens'))).json() as FeedToken[];
    const listed = list.find((t) => t.id === link.id);
    expect(listed).toEqual({
      id: link.id,
      memberId: null,
      hint: token.slice(-4),
      createdAt: link.createdAt,
      revokedAt: null,
      revokedReason: null,
    });
    expect(JSON.stringify(list)).not.toContain(token);
    const row = await ctx.db.kysely
      .selectFrom('feed_tokens')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('serves RFC 5545 with VTIMEZONE, UID, SEQUENCE, DTSTAMP, RRULE/EXDATE/RECURRENCE-ID, DATE values, GEO, STATUS', async () => {
    const link = await makeLink(null);
    const res = await fetchLink(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin');
    // The 2026 changes: 29 March 02:00 CET → CEST, 25 October 03:00 CEST → CET.
    expect(unfolded).toMatch(/BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:\+0100\r\nTZOFFSETTO:\+0200/);
    expect(unfolded).toMatch(/BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:\+0200\r\nTZOFFSETTO:\+0100/);
    expect(unfolded).toContain(`UID:${series.id}@fieldplan`);
    expect(unfolded).toContain(`SEQUENCE:${series.version}`);
    expect(unfolded).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect(unfolded).toContain('DTSTART;TZID=Europe/Berlin:20260302T090000');
    expect(unfolded).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=40');
    expect(unfolded).toContain('EXDATE;TZID=Europe/Berlin:20260316T090000');
    expect(unfolded).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260323T090000');
    expect(unfolded).toContain('RRULE:FREQ=DAILY;UNTIL=20261030T170000Z');
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20260701');
    expect(unfolded).toContain('DTEND;VALUE=DATE:20260703');
    expect(unfolded).toContain('SUMMARY:Boiler\\, Berlin\\; "quoted"\\, comma');
    expect(unfolded).toContain('DESCRIPTION:Line one\\nLine two');
    expect(unfolded).toContain('LOCATION:Torstraße 1\\, 10119 Berlin');
    expect(unfolded).toContain('GEO:52.529;13.401');
    expect(unfolded).toContain('STATUS:CANCELLED');
  });

  it('its occurrences equal the calendar API’s by ical.js and by node-ical, across both DST changes', async () => {
    const text = (await fetchLink((await makeLink(null)).url)).body;
    const api = new Map<string, string>();
    for (const [a, b] of [
      [from, '2026-06-01'],
      ['2026-06-01', '2026-09-01'],
      ['2026-09-01', to],
    ] as const) {
      for (const e of await events(team.owner, a, b)) api.set(e.id, `${e.start}/${e.end}`);
    }
    const expected = [...api.values()].sort();
    // 36 Mondays in range (one cancelled, one moved), 11 evenings, the one-off, the all-day and the cancelled job.
    expect(expected.length).toBe(36 + 11 + 1 + 1 + 1);
    // 09:00 Berlin is 08:00Z before 29 March and 07:00Z after; 18:00 is 16:00Z then 17:00Z after 25 October.
    expect(expected).toContain('2026-03-02T08:00:00.000Z/2026-03-02T09:00:00.000Z');
    expect(expected).toContain('2026-03-30T07:00:00.000Z/2026-03-30T08:00:00.000Z');
    expect(expected).toContain('2026-10-26T17:00:00.000Z/2026-10-26T17:30:00.000Z');
    expect(viaIcalJs(text, to)).toEqual(expected);
    expect(viaNodeIcal(text, from, to)).toEqual(expected);
  });

  it('answers 304 to If-None-Match until something changes; SEQUENCE grows with the job', async () => {
    const link = await makeLink(null);
    const first = await fetchLink(link.url);
    const etag = String(first.headers.etag);
    expect((await fetchLink(link.url, { 'if-none-match': etag })).statusCode).toBe(304);
    const job = await createJob(team.owner, {
      title: 'New one',
      start: '2026-04-01T08:00:00Z',
      end: '2026-04-01T09:00:00Z',
    });
    const changed = await fetchLink(link.url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain(`UID:${job.id}@fieldplan`);
    const edited = changeOf(await patchJob(team.owner, job, { title: 'Renamed' })).jobs[0] as Job;
    const after = (await fetchLink(link.url)).body.replace(/\r\n /g, '');
    const block = after.slice(after.indexOf(`UID:${job.id}@fieldplan`));
    expect(block).toMatch(
      new RegExp(`^UID:${job.id}@fieldplan\\r\\nDTSTAMP:\\d{8}T\\d{6}Z\\r\\nSEQUENCE:${edited.version}\\r\\n`),
    );
    expect(edited.version).toBeGreaterThan(job.version);
  });

  it("a technician's link has only their jobs; technicians make links to their own jobs only", async () => {
    const { tech1, tech2, viewer } = team;
    const own = await makeLink(tech1.memberId, tech1);
    const text = (await fetchLink(own.url)).body.replace(/\r\n /g, '');
    expect(text).toContain('SUMMARY:Weekly clean');
    expect(text).not.toContain('Evening check');
    expect(text).not.toContain('SUMMARY:Fair');
    const forbidden = await tech1.client.post(ws(tech1.workspaceId, '/feed-tokens'), { memberId: tech2.memberId });
    expectProblem(forbidden, 403, 'forbidden');
    expectProblem(await tech1.client.post(ws(tech1.workspaceId, '/feed-tokens'), { memberId: null }), 403, 'forbidden');
    expectProblem(
      await viewer.client.post(ws(viewer.workspaceId, '/feed-tokens'), { memberId: null }),
      403,
      'forbidden',
    );
    const seen = (await tech1.client.get(ws(tech1.workspaceId, '/feed-tokens'))).json() as FeedToken[];
    expect(seen.map((t) => t.memberId)).toEqual(seen.map(() => tech1.memberId));
  });

  it('a revoked link answers 404, as does an unknown one; no token in the answer', async () => {
    const link = await makeLink(team.tech2.memberId);
    expect((await fetchLink(link.url)).statusCode).toBe(200);
    const res = await team.owner.client.delete(ws(team.owner.workspaceId, `/feed-tokens/${link.id}`));
    expect(res.statusCode).toBe(204);
    const gone = await fetchLink(link.url);
    expectProblem(gone, 404, 'not_found');
    expect(gone.body).not.toContain(new URL(link.url).pathname.slice(6, -4));
    expectProblem(await fetchLink('http://localhost/ical/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics'), 404);
    expectProblem(await fetchLink('http://localhost/ical/short.ics'), 404);
    const listed = (await team.owner.client.get(ws(team.owner.workspaceId, '/feed-tokens'))).json() as FeedToken[];
    expect(listed.find((t) => t.id === link.id)?.revokedAt).not.toBeNull();
  });

  it("writes an occurrence's status as the calendar shows it: a technician on an unstaffed series' occurrence confirms it", async () => {
    const { owner, tech1 } = team;
    const unstaffed = await createJob(owner, {
      title: 'Unstaffed',
      start: '2026-04-07T07:00:00Z',
      end: '2026-04-07T08:00:00Z',
      rrule: 'FREQ=DAILY;COUNT=3',
      assigneeIds: [],
    });
    const occurrence = '2026-04-08T07:00:00.000Z';
    const res = await patchJob(owner, unstaffed, { assigneeIds: [tech1.memberId] }, scopeQuery('this', occurrence));
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await events(owner, '2026-04-07', '2026-04-10')).filter(
      (e) => e.extendedProps.jobId === unstaffed.id,
    );
    expect(shown.map((e) => e.extendedProps.status)).toEqual(['unscheduled', 'scheduled', 'unscheduled']);
    const text = (await fetchLink((await makeLink(null)).url)).body.replace(/\r\n /g, '');
    const vevents = text.split('BEGIN:VEVENT').filter((v) => v.includes(`UID:${unstaffed.id}@fieldplan`));
    const override = vevents.find((v) => v.includes('RECURRENCE-ID;TZID=Europe/Berlin:20260408T090000'));
    expect(override).toContain('STATUS:CONFIRMED');
    expect(vevents.find((v) => v.includes('RRULE:'))).toContain('STATUS:TENTATIVE');
  });

  it('answers one address 60 downloads a minute, then 429 with Retry-After; another address is served', async () => {
    const link = await makeLink(null);
    const from = (remoteAddress: string) =>
      ctx.app.inject({ method: 'GET', url: new URL(link.url).pathname, remoteAddress });
    for (let i = 0; i < 60; i++) expect((await from('192.0.2.7')).statusCode).toBe(200);
    const refused = await from('192.0.2.7');
    expectProblem(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Guessing is limited the same way: the count is per address, not per link.
    expectProblem(
      await ctx.app.inject({
        method: 'GET',
        url: '/ical/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
        remoteAddress: '192.0.2.7',
      }),
      429,
    );
    expect((await from('192.0.2.8')).statusCode).toBe(200);
  });
});
