import type Pusher from 'pusher-js';
import { afterEach, expect, it } from 'vitest';
import { client, sdk, startServer, subscribed, type TestServer } from './helpers.js';

let server: TestServer | undefined;
const clients: Pusher[] = [];
afterEach(async () => {
  for (const pusher of clients.splice(0)) pusher.disconnect();
  await server?.close();
  server = undefined;
});

/** Collects `count` events named `event` on every channel, in the order each client got them. */
function collect(channels: Awaited<ReturnType<typeof subscribed>>[], event: string, count: number) {
  return Promise.all(
    channels.map(
      (channel) =>
        new Promise<unknown[]>((resolve) => {
          const seen: unknown[] = [];
          channel.bind(event, (data: unknown) => {
            seen.push(data);
            if (seen.length === count) resolve(seen);
          });
        }),
    ),
  );
}

for (const batchWrites of [false, true]) {
  it(`broadcasts one frame to every subscriber, whole and none missing (batchWrites: ${batchWrites})`, async () => {
    server = await startServer({ batchWrites });
    const port = server.port;
    const pushers = [client(port), client(port), client(port)];
    clients.push(...pushers);
    const channels = await Promise.all(pushers.map((p) => subscribed(p, 'private-workspace-7')));
    const all = collect(channels, 'change', 13);

    // A batch of 10 and two single events in the same loop turn (with batchWrites they share socket writes),
    // then one over 125 bytes framed with a 16-bit length.
    const batch = Array.from({ length: 10 }, (_, seq) => ({
      channel: 'private-workspace-7',
      name: 'change',
      data: { seq },
    }));
    await Promise.all([
      sdk(port).triggerBatch(batch),
      server.realtime.publish('private-workspace-7', 'change', { seq: 10 }),
      server.realtime.publish('private-workspace-7', 'change', { seq: 11, text: 'ünïcödé ✓'.repeat(20) }),
    ]);
    await server.realtime.publish('private-workspace-7', 'change', { seq: 12, big: 'x'.repeat(7000) });

    const expected = [
      ...Array.from({ length: 10 }, (_, seq) => ({ seq })),
      { seq: 10 },
      { seq: 11, text: 'ünïcödé ✓'.repeat(20) },
      { seq: 12, big: 'x'.repeat(7000) },
    ];
    // The SDK's batch and the in-process publishes race each other; compare by seq.
    for (const seen of await all) {
      expect([...seen].sort((a, b) => (a as { seq: number }).seq - (b as { seq: number }).seq)).toEqual(expected);
    }
  });
}
