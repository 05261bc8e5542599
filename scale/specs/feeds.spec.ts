import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Session } from '../support/clients.js';
import { type Cluster, eventually, sleep, startCluster } from '../support/cluster.js';

// Acceptance (b): a calendar feed subscribed once is fetched once per refresh with two processes
// (each looks for due feeds every 30 s; the feed's lease lets one of them fetch it), and still
// fetched when either process is gone. The feed is a local iCal server that counts its requests.
const loopMs = 30_000;
let cluster: Cluster;
let ical: Server;
let fetches = 0;

const calendar = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Fieldplan scale suite//EN',
  'BEGIN:VEVENT',
  'UID:scale-1@fieldplan.test',
  'DTSTAMP:20270101T000000Z',
  'DTSTART:20270315T090000Z',
  'DTEND:20270315T100000Z',
  'SUMMARY:Busy',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

beforeAll(async () => {
  ical = createServer((_req, res) => {
    fetches += 1;
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(calendar);
  });
  ical.listen(0, '127.0.0.1');
  await once(ical, 'listening');
  const port = (ical.address() as AddressInfo).port;
  cluster = await startCluster({ FEEDS_ALLOW_LOOPBACK: '1', FEEDS_ALLOWED_PORTS: String(port) });
});

afterAll(async () => {
  await cluster?.close();
  ical?.close();
});

it('fetches a due feed once with two processes, and still when either process is gone', async () => {
  const owner = await new Session(cluster.baseUrl).signIn('owner@demo.test');
  const port = (ical.address() as AddressInfo).port;
  const created = await owner.request('POST', `/api/v1/workspaces/${owner.workspaceId}/feeds`, {
    name: 'Partner calendar',
    url: `http://127.0.0.1:${port}/partner.ics`,
    colour: '#0072B2',
    refreshMinutes: 15,
  });
  expect(created.status).toBe(201);
  const feedId = (created.body as { id: string }).id;
  // Subscribing loads it once; the next refresh is 15 minutes away.
  expect(fetches).toBe(1);

  /**
   * The refresh is stored and its lease given back (a process killed while it holds the lease keeps the
   * feed for the lease's 2 minutes: that case is the lease's own test, apps/server/test).
   */
  const refreshed = () =>
    eventually(
      async () =>
        (await cluster.sql('SELECT 1 FROM feed_subscriptions WHERE id = $1 AND lease_owner IS NULL', [feedId]))
          .length === 1,
      10_000,
      'the lease given back',
    );
  /** The refresh interval has passed: both processes see the feed due at their next look. */
  const due = () => cluster.sql('UPDATE feed_subscriptions SET next_refresh_at = 0 WHERE id = $1', [feedId]);

  // Both processes look within one loop period; together they fetch it once.
  await due();
  await sleep(loopMs + 3_000);
  expect(fetches).toBe(2);
  await refreshed();

  // Either process gone: the other one fetches it.
  for (const [gone, left] of [
    [0, 1],
    [1, 0],
  ] as const) {
    await cluster.nodes[gone].stop('SIGKILL');
    if (!cluster.nodes[left].running) await cluster.nodes[left].start();
    const before = fetches;
    await due();
    await eventually(() => fetches > before, loopMs + 5_000, `a fetch with only node ${left + 1}`);
    expect(fetches).toBe(before + 1);
    await refreshed();
  }
});
