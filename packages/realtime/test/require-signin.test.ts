import type Pusher from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APP,
  client,
  connected,
  eventually,
  nextEvent,
  RawClient,
  sdk,
  sleep,
  startServer,
  subscribed,
  type TestServer,
} from './helpers.js';

let server: TestServer | undefined;
const raws: RawClient[] = [];
const clients: Pusher[] = [];
afterEach(async () => {
  for (const raw of raws.splice(0)) raw.close();
  for (const pusher of clients.splice(0)) pusher.disconnect();
  await server?.close();
  server = undefined;
});

const ann = { id: 'ann', info: { name: 'Ann' } };
const bob = { id: 'bob', info: { name: 'Bob' } };

async function rawOn(port: number) {
  const raw = await RawClient.open(port);
  raws.push(raw);
  return { raw, socketId: await raw.socketId() };
}
function signIn(raw: RawClient, socketId: string, user: { id: string; info: object }, port: number) {
  const { auth, user_data } = sdk(port).authenticateUser(socketId, { id: user.id, user_info: user.info });
  raw.send({ event: 'pusher:signin', data: { auth, user_data } });
}
function subscribePrivate(raw: RawClient, socketId: string, channel: string, port: number, boundTo?: string) {
  const signed = sdk(port).authorizeChannel(socketId, channel, boundTo ? { user_id: boundTo } : undefined);
  raw.send({ event: 'pusher:subscribe', data: { channel, ...signed } });
}
const answerFor = (raw: RawClient, channel: string) =>
  raw.next(
    (f) =>
      f.channel === channel &&
      (f.event === 'pusher_internal:subscription_succeeded' || f.event === 'pusher:subscription_error'),
  );

/**
 * `requireSignIn`: every connection on a private or presence channel is signed in, so terminating a user
 * reaches every connection that holds their data.
 */
describe('requireSignIn', () => {
  it('a private subscription without a sign-in waits, gets nothing, and is refused (401) at the deadline', async () => {
    server = await startServer({ requireSignIn: true, limits: { signInTimeoutSeconds: 1 } });
    const { raw, socketId } = await rawOn(server.port);
    subscribePrivate(raw, socketId, 'private-workspace-1', server.port);
    subscribePrivate(raw, socketId, 'private-locations-1', server.port);
    await sleep(200);
    await sdk(server.port).trigger('private-workspace-1', 'change', { address: 'Secret Street 1' });
    const refused = await answerFor(raw, 'private-workspace-1');
    expect(refused).toMatchObject({ event: 'pusher:subscription_error', data: { type: 'AuthError', status: 401 } });
    expect(await answerFor(raw, 'private-locations-1')).toMatchObject({ event: 'pusher:subscription_error' });
    expect(raw.frames.some((f) => f.event === 'change')).toBe(false);
    expect((await server.realtime.channelInfo('private-workspace-1')).occupied).toBe(false);
    // Public channels need no sign-in (the customer's tracking page).
    raw.send({ event: 'pusher:subscribe', data: { channel: 'tracking-abc' } });
    expect(await answerFor(raw, 'tracking-abc')).toMatchObject({ event: 'pusher_internal:subscription_succeeded' });
  });

  it('a forged or replayed subscription is refused at once (Invalid signature), not after the sign-in wait', async () => {
    // A wait far longer than the test's own timeout: only a refusal that doesn't wait can pass.
    server = await startServer({ requireSignIn: true, limits: { signInTimeoutSeconds: 600 } });
    const { raw } = await rawOn(server.port);
    const forged = { auth: `${APP.key}:${'0'.repeat(64)}` };
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-workspace-1', ...forged } });
    // Signed, but for another socket.
    const replayed = sdk(server.port).authorizeChannel('1.2', 'presence-board', { user_id: 'ann' });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-board', ...replayed } });
    for (const channel of ['private-workspace-1', 'presence-board']) {
      const refused = await answerFor(raw, channel);
      expect(refused).toMatchObject({ event: 'pusher:subscription_error', data: { type: 'AuthError', status: 401 } });
      expect(JSON.stringify(refused)).toContain(`Invalid signature for ${channel}`);
    }
  });

  it('pusher-js subscribing and signing in at once gets its channels; terminating the user closes it (4009)', async () => {
    server = await startServer({ requireSignIn: true });
    const pusher = client(server.port, { user: ann });
    clients.push(pusher);
    // Subscribed first, signed in second: the subscription waits for the sign-in instead of failing.
    const channels = Promise.all([subscribed(pusher, 'private-workspace-1'), subscribed(pusher, 'presence-board')]);
    await connected(pusher);
    await sleep(100);
    pusher.signin();
    await channels;
    const closed = nextEvent<{ data?: { code?: number } }>(pusher.connection, 'error');
    await server.realtime.terminateUserConnections(ann.id);
    expect((await closed).data).toMatchObject({ data: { code: 4009 } });
    await eventually(() => pusher.connection.state === 'disconnected', 3000, 'disconnected');
  });

  it('a connection opened before its user was terminated may not sign in as them afterwards (4009)', async () => {
    server = await startServer({ requireSignIn: true });
    const { raw, socketId } = await rawOn(server.port);
    // Authorizations fetched while the member was still active, held back until after the termination.
    subscribePrivate(raw, socketId, 'private-workspace-1', server.port);
    await sleep(100);
    await server.realtime.terminateUserConnections(ann.id);
    signIn(raw, socketId, ann, server.port);
    expect((await raw.closed).code).toBe(4009);
    expect(raw.frames.some((f) => f.event === 'pusher_internal:subscription_succeeded')).toBe(false);

    // A connection opened after the termination is a new one: the auth endpoints decide for it.
    const later = await rawOn(server.port);
    signIn(later.raw, later.socketId, ann, server.port);
    await later.raw.next((f) => f.event === 'pusher:signin_success');
  });

  it('a presence member or a bound private channel must be the signed-in user', async () => {
    server = await startServer({ requireSignIn: true });
    const { raw, socketId } = await rawOn(server.port);
    signIn(raw, socketId, bob, server.port);
    await raw.next((f) => f.event === 'pusher:signin_success');
    const presence = sdk(server.port).authorizeChannel(socketId, 'presence-board', {
      user_id: ann.id,
      user_info: ann.info,
    });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-board', ...presence } });
    expect(await answerFor(raw, 'presence-board')).toMatchObject({ data: { type: 'AuthError', status: 401 } });
    subscribePrivate(raw, socketId, 'private-workspace-1', server.port, ann.id);
    expect(await answerFor(raw, 'private-workspace-1')).toMatchObject({ data: { type: 'AuthError', status: 401 } });
    subscribePrivate(raw, socketId, 'private-workspace-2', server.port, bob.id);
    expect(await answerFor(raw, 'private-workspace-2')).toMatchObject({
      event: 'pusher_internal:subscription_succeeded',
    });
    expect((await server.realtime.presenceMembers('presence-board')).length).toBe(0);
  });

  it('off (the default), private channels need no sign-in, as on Pusher', async () => {
    server = await startServer();
    const { raw, socketId } = await rawOn(server.port);
    subscribePrivate(raw, socketId, 'private-workspace-1', server.port);
    expect(await answerFor(raw, 'private-workspace-1')).toMatchObject({
      event: 'pusher_internal:subscription_succeeded',
    });
  });
});
