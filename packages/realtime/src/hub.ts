import type { Connection } from './connection.js';
import { textFrame } from './protocol/ws-frame.js';
import { WriteBatcher } from './write-batcher.js';

export interface Traffic {
  in: number;
  out: number;
}

/** This process's connections, by socket id, channel and signed-in user. */
export class LocalHub {
  readonly connections = new Map<string, Connection>();
  /** Frames received from and sent to this process's clients since it started (for metrics). */
  readonly traffic: Traffic = { in: 0, out: 0 };
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly users = new Map<string, Set<Connection>>();
  private readonly batcher: WriteBatcher | undefined;

  /** `batchWrites`: see `RealtimeServerOptions.batchWrites`. */
  constructor(batchWrites = true) {
    this.batcher = batchWrites ? new WriteBatcher() : undefined;
  }

  add(conn: Connection): void {
    this.connections.set(conn.socketId, conn);
  }

  remove(conn: Connection): void {
    this.connections.delete(conn.socketId);
    if (conn.user) removeFrom(this.users, conn.user.id, conn);
  }

  /** Adds a subscriber; returns this process's new count for the channel. */
  join(channel: string, conn: Connection): number {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(conn);
    return set.size;
  }

  /** Removes a subscriber; returns this process's new count for the channel. */
  leave(channel: string, conn: Connection): number {
    return removeFrom(this.channels, channel, conn);
  }

  signIn(userId: string, conn: Connection): void {
    let set = this.users.get(userId);
    if (!set) {
      set = new Set();
      this.users.set(userId, set);
    }
    set.add(conn);
  }

  userConnections(userId: string): Connection[] {
    return [...(this.users.get(userId) ?? [])];
  }

  /** Sends one encoded frame to every local subscriber but `exceptSocketId`; returns how many got it. */
  deliver(channel: string, frame: string | Buffer, exceptSocketId?: string): number {
    const set = this.channels.get(channel);
    if (!set) return 0;
    // One WebSocket frame for every subscriber: encoded and framed once, the same buffer written to each socket.
    const wire = textFrame(typeof frame === 'string' ? Buffer.from(frame) : frame);
    let sent = 0;
    for (const conn of set) {
      if (conn.socketId === exceptSocketId) continue;
      conn.sendEncoded(wire, this.batcher);
      sent += 1;
    }
    return sent;
  }

  subscriptionCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const [channel, set] of this.channels) counts.set(channel, set.size);
    return counts;
  }
}

function removeFrom<T>(map: Map<string, Set<T>>, key: string, item: T): number {
  const set = map.get(key);
  if (!set) return 0;
  set.delete(item);
  if (set.size === 0) map.delete(key);
  return set.size;
}
