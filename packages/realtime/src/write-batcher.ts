import type { Duplex } from 'node:stream';

/**
 * Holds broadcast writes to a socket (`cork`) until the current event-loop turn's I/O is handled, then
 * lets them go (`uncork`): events published together — a batch, or requests that queued while the
 * process was busy — reach each socket in one write (one `writev`) instead of one each.
 */
export class WriteBatcher {
  private held: Duplex[] = [];

  hold(socket: Duplex): void {
    if (socket.writableCorked > 0) return;
    socket.cork();
    this.held.push(socket);
    if (this.held.length === 1) setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    const sockets = this.held;
    this.held = [];
    for (const socket of sockets) socket.uncork();
  };
}
