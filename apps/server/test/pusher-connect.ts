import Pusher from 'pusher-js';

// pusher-js as a member's app uses it, from Node: the server's realtime tests and the e2e specs
// (members online without a browser) connect through this one function.

/** Anything holding session cookies: a test `Client` (app.inject) or an `HttpClient` (real HTTP). */
export interface CookieHolder {
  cookies: Map<string, string>;
}

/** The cookie header of a test client (its session, made through `app.inject`). */
export const cookieOf = (client: CookieHolder) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Where a pusher-js client connects and whose session authorizes it. */
export interface ConnectTarget {
  port: number;
  key: string;
  origin: string;
}

/**
 * The official pusher-js (Node build) connected to `target`, authorizing through Fieldplan's endpoints.
 * A client with a session signs in at once, as the app does (the server holds private and presence
 * channels for signed-in connections only); `signIn: false` leaves it out.
 */
export function connectPusher(target: ConnectTarget, client: CookieHolder, { signIn = true } = {}): Pusher {
  const post = async (path: string, form: Record<string, string>) => {
    const res = await fetch(`${target.origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: target.origin,
        cookie: cookieOf(client),
      },
      body: new URLSearchParams(form).toString(),
    });
    if (!res.ok) throw new Error(`auth answered ${res.status}`);
    // Whatever the endpoint signed, handed to pusher-js as its own ajax transport would.
    return (await res.json()) as { auth: string; channel_data?: string; user_data: string };
  };
  const pusher = new Pusher(target.key, {
    cluster: 'fieldplan',
    wsHost: '127.0.0.1',
    wsPort: target.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/api/realtime/auth',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        post('/api/realtime/auth', { socket_id: socketId, channel_name: channelName }).then(
          (data) => callback(null, data),
          (err: Error) => callback(err, null),
        );
      },
    },
    userAuthentication: {
      endpoint: '/api/realtime/user-auth',
      transport: 'ajax',
      customHandler: ({ socketId }, callback) => {
        post('/api/realtime/user-auth', { socket_id: socketId }).then(
          (data) => callback(null, data),
          (err: Error) => callback(err, null),
        );
      },
    },
  });
  if (signIn && client.cookies.size > 0) pusher.signin();
  return pusher;
}
