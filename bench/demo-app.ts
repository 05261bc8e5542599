// The built app with the demo workspace, as the browser benches use it: signing in as a demo user
// through the API, a live tracking link, and the booking page opened (web-transfer, i18n-*).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFieldplan } from './support.js';

const password = 'fieldplan-demo';

export interface Session {
  cookie: string;
  workspaceId: string;
}

/** A demo user's session cookie and first workspace. */
export async function signIn(origin: string, email: string): Promise<Session> {
  const answer = await fetch(`${origin}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`sign-in as ${email}: ${answer.status}`);
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const me = (await answer.json()) as { memberships: { workspaceId: string }[] };
  return { cookie, workspaceId: me.memberships[0]?.workspaceId ?? '' };
}

/** A call to the workspace's API as `who`; its JSON answer. */
export async function call<T>(
  origin: string,
  who: Session,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const answer = await fetch(`${origin}/api/v1/workspaces/${who.workspaceId}${url}`, {
    method,
    headers: {
      origin,
      cookie: who.cookie,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/**
 * A live tracking link: tech1's first scheduled visit from today (the server's clock) set en route,
 * with a position sent; and that visit's date, a day the demo seeded (a weekday).
 */
export async function trackedVisit(origin: string): Promise<{ trackPath: string; date: string }> {
  const tech = await signIn(origin, 'tech1@demo.test');
  const office = await signIn(origin, 'dispatcher@demo.test');
  // Today's visits may all be done by the time this runs, and a weekend has none: the first
  // scheduled one of the coming days.
  type Visit = { jobId: string; occurrence: string | null; status: string; version: number; lat: number | null };
  let visit: Visit | undefined;
  let date = '';
  for (let days = 0; days < 7 && !visit; days++) {
    date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const day = await call<{ visits: Visit[] }>(origin, tech, 'GET', `/my-day?date=${date}`);
    visit = day.visits.find((v) => v.status === 'scheduled' && v.lat !== null && v.occurrence === null);
  }
  if (!visit) throw new Error('tech1 has no scheduled visit with a site this week');
  await call(
    origin,
    tech,
    'POST',
    `/jobs/${visit.jobId}/status`,
    { status: 'en_route' },
    { 'if-match': `"${visit.version}"` },
  );
  await call(origin, tech, 'POST', '/locations', { lat: 52.52, lng: 13.405, accuracyM: 20 });
  const [link] = await call<{ url: string }[]>(origin, office, 'GET', `/tracking-links?jobId=${visit.jobId}`);
  if (!link) throw new Error('no tracking link after going en route');
  return { trackPath: new URL(link.url).pathname, date };
}

/** Online booking on for the demo workspace, with one service: its page is `/book/demo`. */
export async function openBooking(origin: string): Promise<string> {
  const owner = await signIn(origin, 'owner@demo.test');
  const settings = await call<{ version: number }>(origin, owner, 'GET', '/booking/settings');
  await call(
    origin,
    owner,
    'PUT',
    '/booking/settings',
    {
      enabled: true,
      autoConfirm: false,
      holdHours: 24,
      pendingCap: 50,
      horizonDays: 14,
      minNoticeHours: 2,
      intro: '',
    },
    { 'if-match': `"${settings.version}"` },
  );
  await call(origin, owner, 'POST', '/booking/services', {
    name: 'Boiler service',
    durationMinutes: 60,
    technicianIds: [],
  });
  return '/book/demo';
}

/** The built server on a fresh SQLite file with the demo workspace; `close` stops it and drops the file. */
export async function demoServer(webDist: string): Promise<{ origin: string; close: () => void }> {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-demo-bench-'));
  const server = await startFieldplan({ databaseUrl: `sqlite:${path.join(data, 'fieldplan.sqlite')}`, webDist });
  return {
    origin: server.origin,
    close: () => {
      server.child.kill();
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}
