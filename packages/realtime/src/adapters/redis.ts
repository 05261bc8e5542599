import { Redis, type RedisOptions } from 'ioredis';
import { frames } from '../protocol/messages.js';
import type { AdapterNode, ChannelStats, PresenceJoin, PresenceMember, RealtimeAdapter } from './adapter.js';
import { PresenceBook } from './presence-book.js';
import { decodeEnvelope, type Envelope, encodeEnvelope, redisKeys } from './redis-keys.js';
import { beat, resync, sweepDeadNodes, syncedPeers } from './redis-liveness.js';
import {
  type RedisScope,
  redisAllChannelStats,
  redisChannelStats,
  redisJoin,
  redisLeave,
  redisMembers,
} from './redis-presence.js';

export interface RedisAdapterOptions {
  /** `redis://host:port/db`. */
  url: string;
  /** Key prefix; default `realtime:{appId}:`. Give each app (and each test run) its own. */
  prefix?: string;
  /** A node whose heartbeat is older than this is dead. Default 10 s. */
  nodeTtlMs?: number;
  /** How often a node refreshes its heartbeat. Default 3 s. */
  heartbeatIntervalMs?: number;
  /** How often each node looks for dead nodes. Default 5 s; a dead node's members go within TTL + this. */
  sweepIntervalMs?: number;
  /** A Redis command that takes longer fails, and the node falls back to its own view. Default 2 s. */
  commandTimeoutMs?: number;
}

/** Events over Redis pub/sub, presence and counts in Redis hashes, dead nodes swept by heartbeat TTL. */
export function createRedisAdapter(options: RedisAdapterOptions): RealtimeAdapter {
  return new RedisAdapter(options);
}

class RedisAdapter implements RealtimeAdapter {
  private readonly book = new PresenceBook();
  private readonly ttlMs: number;
  private node!: AdapterNode;
  private scope!: RedisScope;
  private sub!: Redis;
  private timers: NodeJS.Timeout[] = [];
  /** Redis state may not match this node's (a write failed, or Redis was down): rewrite it on the next chance. */
  private dirty = false;
  private degraded = false;
  private closing = false;
  private resyncing: Promise<void> | null = null;
  /** The subscriber connection is listening on the events channel. */
  private listening = false;
  /** Redis or this node's link to it was lost (or this node was swept): the next resync is a recovery. */
  private recovering = false;
  /** Other nodes alive at the last sweep before an outage: a recovery waits for them to resync. */
  private peers: string[] = [];
  /** While a recovery waits for its peers: when it stops waiting (0: not waiting). */
  private settleUntil = 0;

  constructor(private readonly options: RedisAdapterOptions) {
    this.ttlMs = options.nodeTtlMs ?? 10_000;
  }

  async start(node: AdapterNode): Promise<void> {
    this.node = node;
    const keys = redisKeys(this.options.prefix ?? `realtime:${node.appId}:`);
    const base: RedisOptions = {
      lazyConnect: true,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
      connectionName: `realtime-${node.nodeId}`,
    };
    // Commands fail at once while Redis is away (no offline queue), so clients are never kept waiting on it.
    const cmd = new Redis(this.options.url, {
      ...base,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: this.options.commandTimeoutMs ?? 2000,
    });
    this.scope = { cmd, keys, nodeId: node.nodeId };
    // Resubscribed by hand on every 'ready', so `status()` knows when events flow again.
    this.sub = new Redis(this.options.url, { ...base, autoResubscribe: false });
    this.sub.on('message', (_channel: string, message: string) => this.receive(message));
    this.sub.on('ready', () => void this.listen());
    this.sub.on('close', () => {
      this.listening = false;
    });
    for (const conn of [cmd, this.sub]) {
      conn.on('error', (err: Error) => this.lost(err));
      conn.on('close', () => this.lost());
    }
    cmd.on('ready', () => void this.recover());

    try {
      await Promise.all([cmd.connect(), this.sub.connect()]);
      await this.listen();
      await this.recover();
    } catch (err) {
      this.lost(err);
    }
    const every = (ms: number, fn: () => Promise<void>) => {
      const timer = setInterval(() => void fn().catch((err: unknown) => this.lost(err)), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.heartbeatIntervalMs ?? 3000, () => this.heartbeat());
    every(this.options.sweepIntervalMs ?? 5000, () => this.sweep());
  }

  broadcast(channel: string, frame: string, exceptSocketId?: string): void {
    this.send({ kind: 'event', origin: this.node.nodeId, channel, except: exceptSocketId ?? '', frame });
  }

  terminateUser(userId: string): void {
    this.send({ kind: 'terminate', origin: this.node.nodeId, userId });
  }

  subscriptionCountChanged(channel: string, localCount: number): void {
    if (!this.usable()) {
      this.markDirty();
      return;
    }
    const key = this.scope.keys.counts(this.node.nodeId);
    const write = localCount > 0 ? this.scope.cmd.hset(key, channel, localCount) : this.scope.cmd.hdel(key, channel);
    write.catch((err: unknown) => this.failed(err));
  }

  async presenceJoin(channel: string, member: PresenceMember, maxMembers: number): Promise<PresenceJoin> {
    if (this.usable()) {
      try {
        const joined = await redisJoin(this.scope, channel, member, maxMembers);
        if (joined.status === 'joined') this.book.join(channel, member);
        return joined;
      } catch (err) {
        this.failed(err);
      }
    }
    // Degraded: this node's own view decides, and Redis is rewritten when it is back.
    this.markDirty();
    if (!this.book.has(channel, member.id) && this.book.count(channel) >= maxMembers) return { status: 'full' };
    const { firstJoin } = this.book.join(channel, member);
    return { status: 'joined', firstJoin, members: this.book.members(channel) };
  }

  async presenceLeave(channel: string, userId: string): Promise<boolean> {
    const { lastLeave: lastHere } = this.book.leave(channel, userId);
    if (this.usable()) {
      try {
        const result = await redisLeave(this.scope, channel, userId);
        if (this.book.count(channel) === 0) {
          await this.scope.cmd.srem(this.scope.keys.nodePresence(this.node.nodeId), channel);
        }
        // -1: the join never reached Redis (it was down), so only this node knew the user.
        return result === 1 || (result === -1 && lastHere);
      } catch (err) {
        this.failed(err);
      }
    }
    this.markDirty();
    return lastHere;
  }

  async presenceMembers(channel: string): Promise<PresenceMember[]> {
    return this.query(
      () => redisMembers(this.scope, channel),
      () => this.book.members(channel),
    );
  }

  async channelStats(channel: string): Promise<ChannelStats> {
    return this.query(
      () => redisChannelStats(this.scope, channel),
      () => {
        const subscriptionCount = this.node.localSubscriptionCounts().get(channel) ?? 0;
        return channel.startsWith('presence-')
          ? { subscriptionCount, userCount: this.book.count(channel) }
          : { subscriptionCount };
      },
    );
  }

  async allChannelStats(prefix = ''): Promise<Map<string, ChannelStats>> {
    return this.query(
      () => redisAllChannelStats(this.scope, prefix),
      () => {
        const result = new Map<string, ChannelStats>();
        for (const [channel, count] of this.node.localSubscriptionCounts()) {
          if (count > 0 && channel.startsWith(prefix)) result.set(channel, { subscriptionCount: count });
        }
        return result;
      },
    );
  }

  status(): 'ok' | 'degraded' {
    return this.usable() && this.listening && !this.degraded ? 'ok' : 'degraded';
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const timer of this.timers) clearInterval(timer);
    if (!this.scope) return;
    const { cmd, keys, nodeId } = this.scope;
    if (this.usable()) {
      await cmd
        .multi()
        .del(keys.heartbeat(nodeId), keys.counts(nodeId), keys.nodePresence(nodeId))
        .srem(keys.nodes, nodeId)
        .hdel(keys.synced, nodeId)
        .exec()
        .catch(() => undefined);
    }
    cmd.disconnect();
    this.sub.disconnect();
  }

  private receive(message: string): void {
    const envelope = decodeEnvelope(message);
    if (!envelope || envelope.origin === this.node.nodeId) return;
    if (envelope.kind === 'resynced') void this.peerResynced(envelope.origin).catch((err) => this.failed(err));
    else if (envelope.kind === 'event')
      this.node.deliverLocal(envelope.channel, envelope.frame, envelope.except || undefined);
    else this.node.terminateLocalUser(envelope.userId);
  }

  private send(envelope: Envelope): void {
    if (!this.usable()) return;
    this.scope.cmd.publish(this.scope.keys.events, encodeEnvelope(envelope)).catch((err: unknown) => this.failed(err));
  }

  private async listen(): Promise<void> {
    try {
      await this.sub.subscribe(this.scope.keys.events);
      this.listening = true;
      // A recovery waits until this node hears the others again (docs/adr/0033).
      if (this.recovering || this.dirty) void this.recover();
    } catch (err) {
      this.lost(err);
    }
  }

  private async heartbeat(): Promise<void> {
    if (!this.usable()) return;
    const expired = await beat(this.scope, this.ttlMs);
    // Expired: other nodes may have swept this one and told their clients its members left.
    if (expired) this.recovering = true;
    if (expired || this.dirty) await this.recover();
    else if (this.settleUntil > 0) await this.settle();
  }

  private async sweep(): Promise<void> {
    if (!this.usable()) return;
    let members = 0;
    const { swept, alive } = await sweepDeadNodes(this.scope, (channel, userId) => {
      members += 1;
      const frame = frames.memberRemoved(channel, userId);
      this.node.deliverLocal(channel, frame);
      this.broadcast(channel, frame);
    });
    // While a recovery waits, the registry is being rebuilt: keep the peers known from before.
    if (this.settleUntil === 0) this.peers = alive;
    if (swept.length > 0) this.node.logger.info({ nodes: swept, members }, 'realtime: removed the state of dead nodes');
  }

  /**
   * Rewrites this node's share in Redis. After an outage, only once this node listens again: it then
   * tells the others it resynced, tells its clients to catch up, and puts their presence right once its
   * peers have resynced too (docs/adr/0033).
   */
  private recover(): Promise<void> {
    if (this.resyncing || this.closing) return this.resyncing ?? Promise.resolve();
    if (!this.listening) {
      this.markDirty();
      return Promise.resolve();
    }
    this.resyncing = (async () => {
      try {
        this.dirty = false;
        await resync(this.scope, this.ttlMs, this.book, this.node.localSubscriptionCounts());
        if (this.degraded)
          this.node.logger.info({ nodeId: this.node.nodeId }, 'realtime: Redis is back, state re-registered');
        this.degraded = false;
        if (this.recovering) {
          this.recovering = false;
          this.send({ kind: 'resynced', origin: this.node.nodeId });
          this.node.resume();
          this.settleUntil = Date.now() + this.ttlMs;
          await this.settle();
        }
      } catch (err) {
        this.failed(err);
      } finally {
        this.resyncing = null;
      }
    })();
    return this.resyncing;
  }

  /** Another node rewrote its share after an outage: events from it may be lost, its members changed. */
  private async peerResynced(origin: string): Promise<void> {
    if (!this.peers.includes(origin)) this.peers.push(origin);
    // This node's own recovery does the same once it is through.
    if (this.recovering || this.dirty || this.resyncing || !this.usable() || !this.listening) return;
    this.node.resume();
    if (this.settleUntil > 0) await this.settle();
    else await this.reconcileAll();
  }

  /** Reconciles presence once every peer known from before has resynced, or when they had a TTL to. */
  private async settle(): Promise<void> {
    if (this.settleUntil === 0 || !this.usable()) return;
    const synced = await syncedPeers(this.scope, this.peers);
    if (synced.size < this.peers.length && Date.now() < this.settleUntil) return;
    this.settleUntil = 0;
    await this.reconcileAll();
  }

  /** Sends this node's clients the joins and departures they missed, channel by channel. */
  private async reconcileAll(): Promise<void> {
    const channels = [...this.node.localSubscriptionCounts().keys()].filter((c) => c.startsWith('presence-'));
    for (const channel of channels) {
      await this.node.reconcilePresence(channel, async () => {
        const members = await redisMembers(this.scope, channel);
        const known = new Set(members.map((m) => m.id));
        // This node's own members are there whatever Redis holds.
        for (const m of this.book.members(channel)) if (!known.has(m.id)) members.push(m);
        return members;
      });
    }
  }

  private async query<T>(remote: () => Promise<T>, local: () => T): Promise<T> {
    if (this.usable()) {
      try {
        return await remote();
      } catch (err) {
        this.failed(err);
      }
    }
    return local();
  }

  private usable(): boolean {
    return !this.closing && this.scope?.cmd.status === 'ready';
  }

  private markDirty(): void {
    this.dirty = true;
  }

  private failed(err: unknown): void {
    this.markDirty();
    this.lost(err);
  }

  /** Logs once per outage; the process keeps serving its own clients meanwhile. */
  private lost(err?: unknown): void {
    if (this.closing) return;
    this.markDirty();
    this.recovering = true;
    if (this.degraded) return;
    this.degraded = true;
    this.node.logger.warn(
      { err: err instanceof Error ? err.message : err, nodeId: this.node.nodeId },
      'realtime: Redis unreachable, serving this process’s clients only',
    );
  }
}
