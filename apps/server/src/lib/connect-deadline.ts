import type { ClientRequest } from 'node:http';

/**
 * Destroys `req` with `error()` unless its socket connects within `ms` (a reused socket that is
 * already connected stops the clock at once). Returns what stops the clock when the request ends
 * some other way first.
 */
export function connectDeadline(req: ClientRequest, ms: number, error: () => Error): () => void {
  const timer = setTimeout(() => req.destroy(error()), ms);
  const stop = () => clearTimeout(timer);
  req.on('socket', (socket) => {
    if (!socket.connecting) stop();
    socket.once('connect', stop);
  });
  return stop;
}
