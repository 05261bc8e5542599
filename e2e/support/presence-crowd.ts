import { workspaceChannels } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
// The server's realtime tests' client, imported relatively (e2e/README.md: errors.spec does the same).
import { type CookieHolder, connectPusher } from '../../apps/server/test/pusher-connect.js';
import { baseUrl, demoPassword } from './browser.js';

/** Demo members who can be online besides the one a spec signs in as. */
export const demoMembers = [
  'owner@demo.test',
  'dispatcher@demo.test',
  'tech1@demo.test',
  'tech2@demo.test',
  'tech3@demo.test',
  'tech4@demo.test',
  'tech5@demo.test',
  'tech6@demo.test',
  'viewer@demo.test',
] as const;

/** A session of `email`, as the cookies the sign-in answered with. */
async function sessionOf(email: string): Promise<CookieHolder> {
  const res = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status}`);
  const cookies = new Map<string, string>();
  for (const cookie of res.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return { cookies };
}

/**
 * One demo member online without a browser: pusher-js (its Node build, as the server's realtime
 * tests connect) authorized by the member's own session, on the workspace's presence channel — to
 * everyone else, the same as that member having the app open.
 */
async function joinPresence(email: string, workspaceId: string, key: string): Promise<Pusher> {
  const pusher = connectPusher({ port: Number(new URL(baseUrl).port), key, origin: baseUrl }, await sessionOf(email));
  const channel = pusher.subscribe(workspaceChannels.presence(workspaceId));
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error: unknown) =>
      reject(new Error(`${email}: ${JSON.stringify(error)}`)),
    );
  });
  return pusher;
}

/** Demo members `emails` online in `workspaceId` until `leave()`. */
export async function presenceCrowd(emails: readonly string[], workspaceId: string) {
  const config = (await (await fetch(`${baseUrl}/api/v1/config`)).json()) as { realtime: { key: string } | null };
  if (!config.realtime) throw new Error('realtime is not configured on the server under test');
  const { key } = config.realtime;
  const clients: Pusher[] = [];
  for (const email of emails) clients.push(await joinPresence(email, workspaceId, key));
  return {
    leave(): void {
      for (const client of clients) client.disconnect();
    },
  };
}
