import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopChild } from '../../../scripts/children.mjs';
import { APP, RawClient, sdk } from './helpers.js';
import { type Standalone, startStandalone } from './redis-helpers.js';

/** The standalone server's REALTIME_* switches and caps reach the server it starts. */
describe('standalone: client events, sign-in and caps from the environment', () => {
  // Handed back before it is ready, so afterAll stops it even when it never is.
  let server: Standalone | undefined;
  let port = 0;
  const raws: RawClient[] = [];
  const open = async () => {
    const raw = await RawClient.open(port);
    raws.push(raw);
    return raw;
  };

  beforeAll(async () => {
    server = startStandalone({
      REALTIME_APP_ID: APP.appId,
      REALTIME_KEY: APP.key,
      REALTIME_SECRET: APP.secret,
      REALTIME_REQUIRE_SIGNIN: '1',
      REALTIME_MAX_SUBSCRIPTIONS: '2',
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '2',
    });
    port = await server.ready;
  });
  afterAll(async () => {
    for (const raw of raws) raw.close();
    if (server) await stopChild(server.child);
  });

  it('applies REALTIME_REQUIRE_SIGNIN, REALTIME_MAX_SUBSCRIPTIONS, REALTIME_MAX_CONNECTIONS_PER_ADDRESS; client events stay off', async () => {
    const raw = await open();
    const socketId = await raw.socketId();
    const signer = sdk(port);
    const { auth, user_data } = signer.authenticateUser(socketId, { id: 'bob', user_info: {} });
    raw.send({ event: 'pusher:signin', data: { auth, user_data } });
    await raw.next((f) => f.event === 'pusher:signin_success');

    // requireSignIn: a presence member must be the signed-in user.
    const asAnn = signer.authorizeChannel(socketId, 'presence-board', { user_id: 'ann', user_info: {} });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-board', ...asAnn } });
    await raw.next((f) => f.event === 'pusher:subscription_error' && f.channel === 'presence-board');

    // Two channels at most (the #server-to-user channel pusher-js would join is not asked for here).
    const room = signer.authorizeChannel(socketId, 'private-room');
    raw.send({ event: 'pusher:subscribe', data: { channel: 'private-room', ...room } });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'jobs' } });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'more' } });
    const over = await raw.next((f) => f.event === 'pusher:subscription_error' && f.channel === 'more');
    expect(over.data).toMatchObject({ type: 'LimitReached', status: 4309 });

    raw.send({ event: 'client-x', channel: 'private-room', data: {} });
    const refused = await raw.next((f) => f.event === 'pusher:error' && (f.data as { code: number }).code === 4301);
    expect(refused.data).toMatchObject({ message: expect.stringMatching(/not enabled/) });

    await (await open()).socketId();
    const third = await open();
    expect((await third.closed).code).toBe(4100);
  });
});
