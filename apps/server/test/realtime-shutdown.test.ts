import { describe, expect, it } from 'vitest';
import { closeCodes, connected, connectPusher, createLiveApp, eventually } from './realtime-harness.js';

/**
 * A stop (SIGTERM → app.close()) while browsers are connected: the HTTP server's close waits for
 * every open connection, so the realtime sockets must be told to go (4200, "reconnect") before it,
 * or a restart waits for the clients' own ping timeouts — minutes.
 */
describe('stopping the app with realtime clients connected', () => {
  it('tells each client to reconnect (4200) and finishes closing without waiting for them', async () => {
    const live = await createLiveApp();
    const clients = [0, 1].map(() => connectPusher(live, { cookies: new Map() }));
    try {
      const codes = clients.map((client) => closeCodes(client));
      await Promise.all(clients.map((client) => connected(client)));

      // Stopping the clients from reconnecting would hide the bug: they stay as they are.
      await live.close();

      for (const [i, client] of clients.entries()) {
        expect(codes[i]).toContain(4200);
        // The socket's close is handled in a later turn than the 4200 on a busy machine: it must come,
        // and no reconnect may succeed, since nothing listens any more.
        await eventually(() => client.connection.state !== 'connected', 5000, 'the client to be disconnected');
      }
    } finally {
      for (const client of clients) client.disconnect();
    }
  });
});
