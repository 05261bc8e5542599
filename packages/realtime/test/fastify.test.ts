import Fastify from 'fastify';
import type Pusher from 'pusher-js';
import { afterEach, expect, it } from 'vitest';
import { createRealtimeServer } from '../src/index.js';
import { APP, client, nextEvent, sdk, subscribed } from './helpers.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('embeds in a Fastify app: WebSocket on its server, HTTP API as a plugin, other routes untouched', async () => {
  const app = Fastify();
  const realtime = createRealtimeServer(APP);
  realtime.attach(app.server);
  await app.register(realtime.fastifyPlugin);
  app.post('/api/echo', async (request) => ({ echoed: request.body }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(
    () => app.close(),
    () => realtime.close(),
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const pusher: Pusher = client(port);
  cleanups.push(async () => pusher.disconnect());
  const channel = await subscribed(pusher, 'private-workspace-1');
  const received = nextEvent(channel, 'change');
  const res = await sdk(port).trigger('private-workspace-1', 'change', { seq: 3 });
  expect(res.status).toBe(200);
  expect((await received).data).toEqual({ seq: 3 });
  expect(await (await sdk(port).get({ path: '/channels' })).json()).toEqual({
    channels: { 'private-workspace-1': {} },
  });
  expect(
    (
      await sdk(port, 'wrong')
        .get({ path: '/channels' })
        .catch((e: { status: number }) => e)
    ).status,
  ).toBe(401);

  // The plugin's raw-body parser stays inside the plugin: the app's JSON routes still parse JSON.
  const echo = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
  expect(echo.json()).toEqual({ echoed: { a: 1 } });
});
