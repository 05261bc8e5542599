import zlib from 'node:zlib';
import type { CalendarEvent, Feed } from '@fieldplan/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultFetchPolicy } from '../../src/modules/feeds/fetch/fetcher.js';
import { refreshFeed } from '../../src/modules/feeds/refresh.js';
import { createTestApp, type TestContext } from '../harness.js';
import { changesOf, expectFieldError, expectProblem, ws } from '../helpers.js';
import { createJob, createTeam, events, ifMatch, type Team } from '../schedule-helpers.js';
import { busy, feedOf, holidayIcs, subscribe } from './feed-helpers.js';
import { calendar, fixture, type IcalServer, startIcalServer } from './ical-server.js';

// Calendar subscriptions through the API, against a local iCalendar host (loopback switch on).

const policy = { readTimeoutMs: 2_000, totalTimeoutMs: 5_000, connectTimeoutMs: 2_000 };
const bigBody = 50 * 1024 * 1024;
/** 50 MB of calendar-looking bytes, gzipped to ~50 KB (made once, not while a fetch waits). */
const bomb = zlib.gzipSync(Buffer.alloc(bigBody, 'A'));

describe('calendar subscriptions', () => {
  let ctx: TestContext;
  let team: Team;
  let server: IcalServer;
  let path = 0;
  /** A fresh path on the local host serving `ics`. */
  const serve = (ics: string | Buffer, options: Parameters<typeof calendar>[1] = {}) => {
    const p = `/cal-${++path}.ics`;
    server.route(p, calendar(ics, options));
    return { url: `${server.origin}${p}`, path: p };
  };

  beforeAll(async () => {
    ctx = await createTestApp({ env: { FEEDS_ALLOW_LOOPBACK: '1' }, feeds: { background: false, policy } });
    team = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
    server = await startIcalServer();
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  it('subscribes, lists, edits (If-Match) and unsubscribes a feed; changes are logged', async () => {
    const { owner } = team;
    const { url } = serve(holidayIcs());
    const feed = await subscribe(owner, url.replace('http://', 'http://'), { refreshMinutes: 30 });
    expect(feed).toMatchObject({ name: 'Holidays', url, colour: '#009E73', memberId: null, refreshMinutes: 30 });
    expect(feed).toMatchObject({ status: 'ok', lastError: null, eventCount: 2, version: 1 });
    expect(feed.lastFetchedAt).not.toBeNull();

    const list = await owner.client.get(ws(owner.workspaceId, '/feeds'));
    expect((list.json() as Feed[]).map((f) => f.id)).toContain(feed.id);

    const stale = await owner.client.patch(ws(owner.workspaceId, `/feeds/${feed.id}`), { name: 'x' }, ifMatch(7));
    expect(expectProblem(stale, 412, 'version_conflict').currentVersion).toBe(1);
    const missing = await owner.client.patch(ws(owner.workspaceId, `/feeds/${feed.id}`), { name: 'x' });
    expectFieldError(missing, 'If-Match');
    const patched = await owner.client.patch(
      ws(owner.workspaceId, `/feeds/${feed.id}`),
      { name: 'Public holidays', colour: '#D55E00', memberId: team.tech1.memberId },
      ifMatch(1),
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Public holidays', version: 2, memberId: team.tech1.memberId });
    expect(patched.headers.etag).toBe('"2"');

    const gone = await owner.client.delete(ws(owner.workspaceId, `/feeds/${feed.id}`), ifMatch(2));
    expect(gone.statusCode).toBe(204);
    expectProblem(await owner.client.get(ws(owner.workspaceId, `/feeds/${feed.id}`)), 404, 'not_found');
    const logged = (await changesOf(ctx.db, owner.workspaceId)).filter((c) => c.entity_id === feed.id);
    expect(logged.map((c) => `${c.entity} ${c.action}`)).toEqual(['feed created', 'feed updated', 'feed deleted']);
  });

  it('checks fields: interval 15–1,440, a technician as member, colour', async () => {
    const { owner, dispatcher } = team;
    const { url } = serve(holidayIcs());
    const post = (body: Record<string, unknown>) =>
      owner.client.post(ws(owner.workspaceId, '/feeds'), { name: 'H', url, colour: '#009E73', ...body });
    expectFieldError(await post({ refreshMinutes: 10 }), 'refreshMinutes');
    expectFieldError(await post({ refreshMinutes: 1441 }), 'refreshMinutes');
    expectFieldError(await post({ memberId: dispatcher.memberId }), 'memberId');
    expectFieldError(await post({ memberId: 'no-such-member' }), 'memberId');
    expectFieldError(await post({ colour: 'green' }), 'colour');
    expectFieldError(await post({ name: '' }), 'name');
    expectFieldError(await post({ surprise: 1 }), 'surprise');
  });

  it('shows technicians and viewers the feed without the secret part of its URL', async () => {
    const { url } = serve(holidayIcs());
    const feed = await subscribe(team.owner, `${url}?token=s3cret`);
    for (const member of [team.tech1, team.viewer]) {
      const seen = await feedOf(member, feed.id);
      expect(seen.url).toBe(`${server.origin}/…`);
    }
    expect((await feedOf(team.dispatcher, feed.id)).url).toBe(`${url}?token=s3cret`);
    await team.owner.client.delete(ws(team.owner.workspaceId, `/feeds/${feed.id}`), ifMatch(1));
  });

  it('answers busy time as background events: workspace-wide everywhere, a technician’s on their row', async () => {
    const { owner, tech1 } = team;
    const wide = await subscribe(owner, serve(holidayIcs()).url, { colour: '#0072B2' });
    const mine = await subscribe(owner, serve(holidayIcs('Physio')).url, {
      memberId: tech1.memberId,
      colour: '#CC79A7',
    });
    const list = await busy(owner, '2026-04-06', '2026-04-09');
    const ofWide = list.filter((e) => e.extendedProps.feedId === wide.id);
    expect(ofWide).toEqual([
      expect.objectContaining({ title: 'Easter Monday', start: '2026-04-06', end: '2026-04-07', allDay: true }),
      expect.objectContaining({ title: 'Dentist', start: '2026-04-08T08:00:00.000Z', end: '2026-04-08T10:00:00.000Z' }),
    ]);
    for (const e of ofWide) {
      expect(e).toMatchObject({ display: 'background', backgroundColor: '#0072B2', extendedProps: { memberId: null } });
      expect(e.resourceIds).toBeUndefined();
    }
    const ofMine = list.filter((e) => e.extendedProps.feedId === mine.id);
    expect(ofMine.map((e) => e.title)).toEqual(['Easter Monday', 'Physio']);
    for (const e of ofMine) expect(e).toMatchObject({ resourceIds: [tech1.memberId], backgroundColor: '#CC79A7' });
    // Only the range: nothing the week after.
    expect((await busy(owner, '2026-04-13', '2026-04-20')).filter((e) => e.extendedProps.feedId === wide.id)).toEqual(
      [],
    );
    expectFieldError(
      await owner.client.get(ws(owner.workspaceId, '/calendar/busy?start=2026-04-06&end=2026-09-06')),
      'end',
    );
    for (const id of [wide.id, mine.id]) await owner.client.delete(ws(owner.workspaceId, `/feeds/${id}`), ifMatch(1));
  });

  it('flags a job on busy time as double-booked: workspace feeds for everyone, member feeds for their technician', async () => {
    const { owner, tech1, tech2 } = team;
    const wide = await subscribe(owner, serve(holidayIcs()).url);
    const onHoliday = await createJob(owner, {
      title: 'On Easter Monday',
      start: '2026-04-06T08:00:00Z',
      end: '2026-04-06T09:00:00Z',
      assigneeIds: [tech2.memberId],
    });
    const atDentist = await createJob(owner, {
      title: 'During the dentist',
      start: '2026-04-08T09:00:00Z',
      end: '2026-04-08T11:00:00Z',
      assigneeIds: [tech1.memberId],
    });
    const free = await createJob(owner, {
      title: 'Free afternoon',
      start: '2026-04-08T13:00:00Z',
      end: '2026-04-08T14:00:00Z',
      assigneeIds: [tech1.memberId],
    });
    const flags = async () => {
      const list = await events(owner, '2026-04-06', '2026-04-10');
      const of = (id: string) => (list.find((e) => e.id === id) as CalendarEvent).extendedProps.overlapsWith;
      return { holiday: of(onHoliday.id), dentist: of(atDentist.id), free: of(free.id) };
    };
    let now = await flags();
    expect(now.holiday).toEqual([expect.stringMatching(/^busy:/)]);
    expect(now.dentist).toEqual([expect.stringMatching(/^busy:/)]);
    expect(now.free).toEqual([]);
    // The ids are those of the busy events.
    const busyIds = (await busy(owner, '2026-04-06', '2026-04-10')).map((e) => e.id);
    expect(busyIds).toEqual(expect.arrayContaining([...now.holiday, ...now.dentist]));

    // As one technician's busy time, it flags only that technician's jobs.
    const res = await owner.client.patch(
      ws(owner.workspaceId, `/feeds/${wide.id}`),
      { memberId: tech1.memberId },
      ifMatch(1),
    );
    expect(res.statusCode, res.body).toBe(200);
    now = await flags();
    expect(now.holiday).toEqual([]);
    expect(now.dentist.length).toBe(1);
    await owner.client.delete(ws(owner.workspaceId, `/feeds/${wide.id}`), ifMatch(2));
    expect((await flags()).dentist).toEqual([]);
  });

  describe('refreshing', () => {
    let feed: Feed;
    let p: string;
    const good = holidayIcs();
    const refresh = () => team.owner.client.post(ws(team.owner.workspaceId, `/feeds/${feed.id}/refresh`));

    beforeEach(async () => {
      const served = serve(good, { etag: '"v1"', lastModified: 'Wed, 01 Apr 2026 10:00:00 GMT' });
      p = served.path;
      feed = await subscribe(team.owner, served.url);
    });

    it('asks conditionally (ETag and Last-Modified) and keeps the copy on 304', async () => {
      const res = await refresh();
      expect(res.statusCode, res.body).toBe(200);
      const sent = server.hits.get(p)?.at(-1);
      expect(sent?.['if-none-match']).toBe('"v1"');
      expect(sent?.['if-modified-since']).toBe('Wed, 01 Apr 2026 10:00:00 GMT');
      expect(res.json()).toMatchObject({ status: 'ok', eventCount: 2 });
      expect(
        (await busy(team.owner, '2026-04-06', '2026-04-09')).filter((e) => e.extendedProps.feedId === feed.id).length,
      ).toBe(2);
    });

    it('picks up a changed calendar', async () => {
      server.route(p, calendar(holidayIcs('Renamed'), { etag: '"v2"' }));
      const res = await refresh();
      expect(res.statusCode, res.body).toBe(200);
      const titles = (await busy(team.owner, '2026-04-06', '2026-04-09'))
        .filter((e) => e.extendedProps.feedId === feed.id)
        .map((e) => e.title);
      expect(titles).toEqual(['Easter Monday', 'Renamed']);
    });

    it.each([
      [
        'HTML instead of iCalendar',
        calendar('<!doctype html><title>Sign in</title>', { type: 'text/html; charset=utf-8' }),
        /not an iCalendar file \(the server sent text\/html\)/,
      ],
      [
        'a malformed calendar',
        calendar('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'),
        /no readable event/,
      ],
      ['text that is no calendar', calendar('hello'), /not an iCalendar file/],
      [
        'a 404',
        (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(404).end(),
        /answered 404/,
      ],
      [
        'a 50 MB body',
        (_req: unknown, res: import('node:http').ServerResponse) => {
          res.writeHead(200, { 'content-type': 'text/calendar' });
          const chunk = Buffer.alloc(1024 * 1024, 'A');
          let sent = 0;
          const pump = () => {
            while (sent < bigBody && res.write(chunk)) sent += chunk.length;
            if (sent < bigBody)
              res.once('drain', () => {
                sent += chunk.length;
                pump();
              });
            else res.end();
          };
          res.on('error', () => {});
          pump();
        },
        /larger than 5 MB/,
      ],
      [
        'a 50 MB body compressed to a few kilobytes',
        (_req: unknown, res: import('node:http').ServerResponse) => {
          res.writeHead(200, { 'content-type': 'text/calendar', 'content-encoding': 'gzip' });
          res.end(bomb);
        },
        /larger than 5 MB/,
      ],
      [
        'a slow-drip server',
        (_req: unknown, res: import('node:http').ServerResponse) => {
          res.writeHead(200, { 'content-type': 'text/calendar' });
          res.write('BEGIN:VCALENDAR\r\n');
          const timer = setInterval(() => res.write(' '), 200);
          res.on('close', () => clearInterval(timer));
        },
        /took longer than 5 s/,
      ],
    ])(
      '%s: the feed is marked failing with the reason and the previous copy is kept',
      async (_name, handler, reason) => {
        const other = await subscribe(team.owner, serve(holidayIcs('Other')).url);
        server.route(p, handler as never);
        const problem = expectProblem(await refresh(), 502, 'feed_unreachable');
        expect(problem.detail).toMatch(reason);
        const failing = await feedOf(team.owner, feed.id);
        expect(failing).toMatchObject({ status: 'failing', eventCount: 2 });
        expect(failing.lastError).toMatch(reason);
        expect(failing.lastSuccessAt).toBe(feed.lastSuccessAt);
        const still = (await busy(team.owner, '2026-04-06', '2026-04-09')).filter(
          (e) => e.extendedProps.feedId === feed.id,
        );
        expect(still.map((e) => e.title)).toEqual(['Easter Monday', 'Dentist']);
        // Nothing else is affected.
        expect((await feedOf(team.owner, other.id)).status).toBe('ok');
        // Back to a good answer: ok again.
        server.route(p, calendar(good));
        const healed = await refresh();
        expect(healed.json()).toMatchObject({ status: 'ok', lastError: null });
      },
    );

    it('exactly one of two racing refreshers fetches (the lease)', async () => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      server.route(p, (req, res) => {
        void gate.then(() => calendar(holidayIcs('Raced'))(req, res));
      });
      const before = server.hits.get(p)?.length ?? 0;
      const fetching = (owner: string) => ({
        owner,
        policy: { ...defaultFetchPolicy, ...policy, allowLoopback: true },
      });
      const first = refreshFeed(ctx.db.kysely, feed.id, fetching('process-a'));
      // Wait until the first one's request is at the server, then race a second process.
      while ((server.hits.get(p)?.length ?? 0) === before) await new Promise((r) => setTimeout(r, 10));
      const second = await refreshFeed(ctx.db.kysely, feed.id, fetching('process-b'));
      const viaApi = await refresh();
      release();
      expect(second.kind).toBe('busy');
      expect(viaApi.statusCode).toBe(200);
      expect((await first).kind).toBe('refreshed');
      expect((server.hits.get(p)?.length ?? 0) - before).toBe(1);
      // The lease is given back: the next refresh fetches again.
      expect((await refreshFeed(ctx.db.kysely, feed.id, fetching('process-b'))).kind).toBe('unchanged');
    });

    it('refuses a seventh "refresh now" of one feed within a minute without fetching, and no other feed', async () => {
      const before = server.hits.get(p)?.length ?? 0;
      for (let i = 0; i < 6; i++) expect((await refresh()).statusCode).toBe(200);
      const refused = await refresh();
      expect(expectProblem(refused, 429, 'rate_limited').detail).toMatch(/try again in \d+ s/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((server.hits.get(p)?.length ?? 0) - before).toBe(6);
      const another = await subscribe(team.owner, serve(good).url);
      const res = await team.owner.client.post(ws(team.owner.workspaceId, `/feeds/${another.id}/refresh`));
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  it('imports every fixture file through the API', async () => {
    const files = [
      'apple-ical-daily-with-exdate.ics',
      'exchange-windows-tzids-with-exdate.ics',
      'windows-calendar-utf16le-bom.ics',
      'lanyrd-allday-multiday-feed.ics',
      'google-weekly-moved-occurrences.ics',
    ];
    for (const file of files) {
      const feed = await subscribe(team.owner, serve(fixture(file)).url, { name: file.slice(0, 80) });
      expect(feed.status, file).toBe('ok');
      expect(feed.eventCount, file).toBeGreaterThan(0);
    }
    // Exchange's weekly series there is shown as free (TRANSP:TRANSPARENT): not busy time.
    const week = await busy(team.owner, '2020-09-07', '2020-09-16');
    expect(week.filter((e) => e.title === 'Not the actual summary either')).toEqual([]);
    expect(week.filter((e) => e.title === 'test').map((e) => e.start)).toEqual(['2020-09-10T07:00:00.000Z']);
  });
});
