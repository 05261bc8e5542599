import type { Logger } from '../logger.js';

export interface PresenceMember {
  id: string;
  info: unknown;
}

/** What a presence join found: whether this is the user's first connection on the channel, and who is in it. */
export type PresenceJoin = { status: 'joined'; firstJoin: boolean; members: PresenceMember[] } | { status: 'full' };

export interface ChannelStats {
  /** Connections subscribed, on every process. */
  subscriptionCount: number;
  /** Distinct users, for presence channels only. */
  userCount?: number;
}

/** What the server lends its adapter: local delivery and its local state. */
export interface AdapterNode {
  readonly appId: string;
  readonly nodeId: string;
  readonly logger: Logger;
  /** Sends an already-encoded frame to this process's subscribers of `channel`. */
  deliverLocal(channel: string, frame: string, exceptSocketId?: string): void;
  /** Closes this process's connections signed in as `userId`. */
  terminateLocalUser(userId: string): void;
  /** Channel → number of this process's connections subscribed to it. */
  localSubscriptionCounts(): ReadonlyMap<string, number>;
  /**
   * Reads a presence channel's members with `read`, then sends each of this process's subscribers the
   * member_added and member_removed that bring what it was told to that list (docs/adr/0033).
   */
  reconcilePresence(channel: string, read: () => Promise<PresenceMember[]>): Promise<void>;
  /** Events may have been missed: sends `RESUME_EVENT` on every local channel, so clients catch up. */
  resume(): void;
}

/**
 * Where state shared between processes lives. The server always delivers to its own clients first and
 * then calls `broadcast`, so local delivery never waits on (or fails with) the backplane.
 */
export interface RealtimeAdapter {
  start(node: AdapterNode): Promise<void>;
  /** Sends a frame to subscribers of `channel` on every other process. Never throws. */
  broadcast(channel: string, frame: string, exceptSocketId?: string): void;
  /** Asks every other process to close `userId`'s connections. Never throws. */
  terminateUser(userId: string): void;
  /** This process now has `localCount` connections on `channel`. Never throws. */
  subscriptionCountChanged(channel: string, localCount: number): void;
  /** One more connection of `member.id` on `channel` (several tabs of one user are one member). */
  presenceJoin(channel: string, member: PresenceMember, maxMembers: number): Promise<PresenceJoin>;
  /** One connection of `userId` left `channel`; true when it was the user's last one anywhere. */
  presenceLeave(channel: string, userId: string): Promise<boolean>;
  presenceMembers(channel: string): Promise<PresenceMember[]>;
  channelStats(channel: string): Promise<ChannelStats>;
  /** Every occupied channel whose name starts with `prefix`. */
  allChannelStats(prefix?: string): Promise<Map<string, ChannelStats>>;
  /** 'degraded' while the backplane is unreachable: only this process's clients are served. */
  status(): 'ok' | 'degraded';
  close(): Promise<void>;
}
