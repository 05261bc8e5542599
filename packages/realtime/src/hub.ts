import type { Connection } from './connection.js';
import { memberFrameUser } from './presence-views.js';
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
  /** Open connections by remote address (for `limits.maxConnectionsPerAddress`). */
  private readonly addresses = new Map<string, number>();
  /**
   * A counter that orders connection opens and user terminations on this process: a connection opened
   * before its user was terminated may hold authorizations signed before, so it may not sign in as them.
   */
  private clock = 0;
  private readonly terminatedAt = new Map<string, number>();
  private readonly batcher: WriteBatcher | undefined;
  /** Presence channel → sets collecting the users member frames were delivered about (see `watchPresence`). */
  private readonly watches = new Map<string, Set<Set<string>>>();

  /** `batchWrites`: see `RealtimeServerOptions.batchWrites`. */
  constructor(batchWrites = true) {
    this.batcher = batchWrites ? new WriteBatcher() : undefined;
  }

  add(conn: Connection): void {
    this.connections.set(conn.socketId, conn);
    conn.openedAt = this.tick();
    this.addresses.set(conn.address, this.connectionsFrom(conn.address) + 1);
  }

  remove(conn: Connection): void {
    if (!this.connections.delete(conn.socketId)) return;
    if (conn.user) removeFrom(this.users, conn.user.id, conn);
    const left = this.connectionsFrom(conn.address) - 1;
    if (left > 0) this.addresses.set(conn.address, left);
    else this.addresses.delete(conn.address);
  }

  connectionsFrom(address: string): number {
    return this.addresses.get(address) ?? 0;
  }

  /** Remembers that `userId` was terminated now; connections opened earlier may not sign in as them. */
  markTerminated(userId: string): void {
    this.terminatedAt.set(userId, this.tick());
    // Only connections older than a mark can be refused by it: forget marks older than every connection.
    let oldest = this.clock;
    for (const conn of this.connections.values()) oldest = Math.min(oldest, conn.openedAt);
    for (const [user, at] of this.terminatedAt) if (at < oldest) this.terminatedAt.delete(user);
  }

  /** Whether `userId` was terminated after `conn` opened. */
  terminatedSince(userId: string, conn: Connection): boolean {
    return (this.terminatedAt.get(userId) ?? -1) > conn.openedAt;
  }

  private tick(): number {
    this.clock += 1;
    return this.clock;
  }

  /** Adds a subscriber; returns this process's new count for the channel. */
  join(channel: string, conn: Connection): number {
    return addTo(this.channels, channel, conn);
  }

  /** Removes a subscriber; returns this process's new count for the channel. */
  leave(channel: string, conn: Connection): number {
    return removeFrom(this.channels, channel, conn);
  }

  signIn(userId: string, conn: Connection): void {
    addTo(this.users, userId, conn);
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
    const member = typeof frame === 'string' && channel.startsWith('presence-') ? memberFrameUser(frame) : null;
    if (member) for (const users of this.watches.get(channel) ?? []) users.add(member.userId);
    let sent = 0;
    for (const conn of set) {
      if (conn.socketId === exceptSocketId) continue;
      conn.sendEncoded(wire, this.batcher);
      if (member) {
        const view = conn.presenceViews.get(channel);
        if (member.added) view?.add(member.userId);
        else view?.delete(member.userId);
      }
      sent += 1;
    }
    return sent;
  }

  /** This process's subscribers of `channel`. */
  subscribers(channel: string): ReadonlySet<Connection> {
    return this.channels.get(channel) ?? new Set();
  }

  channelNames(): string[] {
    return [...this.channels.keys()];
  }

  /**
   * Collects the users that member frames are delivered about on `channel` until `stop()`: while a
   * recovery reads the members from the backplane, those users' frames are newer than what it reads.
   */
  watchPresence(channel: string): { users: Set<string>; stop(): void } {
    const users = new Set<string>();
    const watching = this.watches.get(channel) ?? new Set<Set<string>>();
    this.watches.set(channel, watching);
    watching.add(users);
    return {
      users,
      stop: () => {
        watching.delete(users);
        if (watching.size === 0 && this.watches.get(channel) === watching) this.watches.delete(channel);
      },
    };
  }

  subscriptionCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const [channel, set] of this.channels) counts.set(channel, set.size);
    return counts;
  }
}

function addTo<T>(map: Map<string, Set<T>>, key: string, item: T): number {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(item);
  return set.size;
}

function removeFrom<T>(map: Map<string, Set<T>>, key: string, item: T): number {
  const set = map.get(key);
  if (!set) return 0;
  set.delete(item);
  if (set.size === 0) map.delete(key);
  return set.size;
}
