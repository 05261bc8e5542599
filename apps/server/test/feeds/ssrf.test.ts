import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedReason } from '../../src/modules/feeds/fetch/address.js';
import {
  defaultFetchPolicy,
  type FetchPolicy,
  fetchCalendar,
  type ResolvedAddress,
} from '../../src/modules/feeds/fetch/fetcher.js';
import { FeedFetchError } from '../../src/modules/feeds/fetch/url.js';
import { createTestApp, type Owner, signUpOwner, type TestContext } from '../harness.js';
import { countRows, expectFieldError, expectProblem, ws } from '../helpers.js';
import { calendar, fixture, type IcalServer, redirect, startIcalServer } from './ical-server.js';

// The SSRF matrix of calendar-feed fetching, with the loopback switch OFF unless a case says otherwise. A local
// DNS stand-in (the fetcher's injected resolver) makes names resolve wherever a case needs.

const none = { etag: null, lastModified: null };
const family = (address: string): 4 | 6 => (address.includes(':') ? 6 : 4);

/** A resolver from a table of names; anything else is "not found". */
function dns(table: Record<string, string[]>, calls: string[] = []) {
  return async (host: string): Promise<ResolvedAddress[]> => {
    calls.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: family(address) }));
  };
}

const policy = (overrides: Partial<FetchPolicy> = {}): FetchPolicy => ({
  ...defaultFetchPolicy,
  resolve: dns({}),
  connectTimeoutMs: 2_000,
  readTimeoutMs: 2_000,
  totalTimeoutMs: 5_000,
  ...overrides,
});

async function refusal(url: string, p: FetchPolicy): Promise<string> {
  try {
    await fetchCalendar(url, none, p);
  } catch (err) {
    expect(err).toBeInstanceOf(FeedFetchError);
    return (err as FeedFetchError).reason;
  }
  throw new Error(`${url} was fetched`);
}

describe('address classification', () => {
  it.each([
    ['127.0.0.1', /loopback/],
    ['10.0.0.1', /private/],
    ['172.16.5.4', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /link-local/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['0.0.0.0', /this network/],
    ['0.1.2.3', /this network/],
    ['224.0.0.1', /multicast/],
    ['255.255.255.255', /broadcast/],
    ['::', /unspecified/],
    ['::1', /loopback/],
    ['::ffff:127.0.0.1', /IPv4-mapped/],
    ['::ffff:8.8.8.8', /IPv4-mapped/],
    ['64:ff9b::7f00:1', /NAT64/],
    ['2002:7f00:1::1', /6to4/],
    ['fd00::1', /unique-local/],
    ['fe80::1%eth0', /link-local/],
    ['ff02::1', /multicast/],
  ])('refuses %s', (address, reason) => {
    expect(blockedReason(address)).toMatch(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2a00:1450:4001:82b::200e', '2606:4700:4700::1111'])('allows %s', (address) => {
    expect(blockedReason(address)).toBeNull();
  });
});

describe('the fetcher refuses every internal target (loopback switch off)', () => {
  let server: IcalServer;
  beforeAll(async () => {
    server = await startIcalServer();
    server.route('/cal.ics', calendar(fixture('google-crlf-utc-event-with-alarms.ics')));
  });
  afterAll(() => server.close());

  it.each([
    ['http://127.0.0.1/cal.ics', /127\.0\.0\.1 is a loopback address/],
    ['http://10.0.0.1/cal.ics', /10\.0\.0\.1 is a private address/],
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://[::1]/cal.ics', /loopback/],
    ['http://[::ffff:127.0.0.1]/cal.ics', /IPv4-mapped/],
    ['http://0.0.0.0/cal.ics', /this network/],
    // Decimal, hex, octal and short IPv4 forms: the URL parser reads them as 127.0.0.1.
    ['http://2130706433/cal.ics', /127\.0\.0\.1 is a loopback address/],
    ['http://0x7f000001/cal.ics', /127\.0\.0\.1 is a loopback address/],
    ['http://017700000001/cal.ics', /127\.0\.0\.1 is a loopback address/],
    ['http://127.1/cal.ics', /127\.0\.0\.1 is a loopback address/],
    ['webcal://127.0.0.1/cal.ics', /loopback/],
  ])('%s', async (url, reason) => {
    expect(await refusal(url, policy())).toMatch(reason);
  });

  it('refuses the live local server itself, port and all', async () => {
    expect(await refusal(`${server.origin}/cal.ics`, policy())).toMatch(/loopback/);
    expect(server.hits.size).toBe(0);
  });

  it.each([
    ['127.0.0.1', /loopback/],
    ['10.0.0.1', /private/],
    ['169.254.169.254', /link-local/],
    ['::1', /loopback/],
    ['::ffff:127.0.0.1', /IPv4-mapped/],
    ['0.0.0.0', /this network/],
    ['100.64.1.1', /carrier-grade/],
    ['fd12:3456::1', /unique-local/],
    ['64:ff9b::a00:1', /NAT64/],
  ])('a name resolving to %s', async (address, reason) => {
    const p = policy({ resolve: dns({ 'calendar.example.com': [address] }) });
    const why = await refusal('https://calendar.example.com/holidays.ics', p);
    expect(why).toMatch(reason);
    expect(why).toContain('calendar.example.com resolves to');
  });

  it('checks every address a name has, not just the first', async () => {
    const p = policy({ resolve: dns({ 'mixed.example.com': ['8.8.8.8', '10.1.2.3'] }) });
    expect(await refusal('https://mixed.example.com/cal.ics', p)).toMatch(/10\.1\.2\.3, a private address/);
  });

  it('refuses ports other than 80 and 443 before connecting, unless allowed', async () => {
    const calls: string[] = [];
    const p = policy({ resolve: dns({ 'public.example.com': ['8.8.8.8'] }, calls) });
    expect(await refusal('http://public.example.com:8080/cal.ics', p)).toMatch(/port 8080 is not allowed/);
    expect(await refusal('https://public.example.com:22/cal.ics', p)).toMatch(/port 22 is not allowed/);
  });

  it('a name that does not resolve', async () => {
    expect(await refusal('https://nowhere.example.com/cal.ics', policy())).toMatch(/could not be found/);
  });
});

describe('redirects and DNS pinning', () => {
  let server: IcalServer;
  const loopbackOn = (table: Record<string, string[]> = {}, calls: string[] = []) =>
    policy({ allowLoopback: true, resolve: dns({ 'feeds.example.com': ['127.0.0.1'], ...table }, calls) });

  beforeAll(async () => {
    server = await startIcalServer();
    server.route('/cal.ics', calendar(fixture('google-crlf-utc-event-with-alarms.ics')));
  });
  afterAll(() => server.close());

  it('connects to the checked address: the name is resolved once by us, never again by the socket', async () => {
    const calls: string[] = [];
    const result = await fetchCalendar(`http://feeds.example.com:${server.port}/cal.ics`, none, loopbackOn({}, calls));
    expect(result.kind).toBe('ok');
    // Only our stand-in knows this name: had the socket resolved it again, it would have failed.
    expect(calls).toEqual(['feeds.example.com']);
  });

  // The loopback switch is on here (the first hop is the local server), so these are refused for
  // what they are, not for being loopback; with it off the first hop itself is refused (above).
  it.each([
    ['http://10.0.0.1/cal.ics', /private/],
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://[::ffff:127.0.0.1]/cal.ics', /IPv4-mapped/],
    ['http://0.0.0.0/cal.ics', /this network/],
    ['http://rebind.example.com/cal.ics', /rebind\.example\.com resolves to 10\.0\.0\.1/],
    ['file:///etc/passwd', /not http or https/],
    ['ftp://files.example.com/cal.ics', /not http or https/],
  ])('a redirect to %s is refused', async (location, reason) => {
    server.route('/jump', redirect(location));
    const why = await refusal(
      `http://feeds.example.com:${server.port}/jump`,
      loopbackOn({ 'rebind.example.com': ['10.0.0.1'] }),
    );
    expect(why).toMatch(reason);
  });

  it('follows at most 3 redirects', async () => {
    const hop = (n: number) => `http://127.0.0.1:${server.port}/hop${n}`;
    for (let n = 0; n < 4; n++) server.route(`/hop${n}`, redirect(hop(n + 1)));
    server.route('/hop4', calendar(fixture('google-crlf-utc-event-with-alarms.ics')));
    expect(await refusal(hop(0), loopbackOn())).toMatch(/more than 3 redirects/);
    expect((await fetchCalendar(hop(1), none, loopbackOn())).kind).toBe('ok');
  });
});

describe('the API refuses internal feed URLs (loopback switch off)', () => {
  let ctx: TestContext;
  let owner: Owner;
  let server: IcalServer;
  const resolve = dns({
    'metadata.example.com': ['169.254.169.254'],
    'home.example.com': ['::1'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
    'office.example.com': ['10.0.0.1'],
  });

  beforeAll(async () => {
    ctx = await createTestApp({ feeds: { background: false, policy: { resolve, totalTimeoutMs: 5_000 } } });
    owner = await signUpOwner(ctx.app, 'Olga');
    server = await startIcalServer();
    server.route('/cal.ics', calendar(fixture('google-crlf-utc-event-with-alarms.ics')));
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  const subscribe = (url: string) =>
    owner.client.post(ws(owner.workspaceId, '/feeds'), { name: 'Holidays', url, colour: '#009E73' });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'ftp://files.example.com/cal.ics',
    'https://user:secret@calendar.example.com/cal.ics',
    `https://calendar.example.com/${'a'.repeat(3 * 1024)}.ics`,
    'not a url',
  ])('%s → 400 on url', async (url) => {
    expectFieldError(await subscribe(url), 'url');
  });

  it.each([
    ['http://127.0.0.1/cal.ics', /loopback/],
    ['http://10.0.0.1/cal.ics', /private/],
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://[::1]/cal.ics', /loopback/],
    ['http://[::ffff:127.0.0.1]/cal.ics', /IPv4-mapped/],
    ['http://0.0.0.0/cal.ics', /this network/],
    ['http://2130706433/cal.ics', /loopback/],
    ['https://metadata.example.com/cal.ics', /169\.254\.169\.254, a link-local address/],
    ['https://home.example.com/cal.ics', /::1, a loopback address/],
    ['https://mapped.example.com/cal.ics', /IPv4-mapped/],
    ['webcal://office.example.com/cal.ics', /10\.0\.0\.1, a private address/],
  ])('%s → 502 feed_unreachable with the reason, nothing stored', async (url, reason) => {
    const problem = expectProblem(await subscribe(url), 502, 'feed_unreachable');
    expect(problem.detail).toMatch(reason);
    expect(await countRows(ctx.db, 'feed_subscriptions')).toBe(0);
  });

  it('the live local server is refused too, and never contacted', async () => {
    expectProblem(await subscribe(`${server.origin}/cal.ics`), 502, 'feed_unreachable');
    expect(server.hits.size).toBe(0);
  });
});
