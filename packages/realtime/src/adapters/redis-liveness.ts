import type { PresenceBook } from './presence-book.js';
import type { RedisScope } from './redis-presence.js';
import { runScript, SWEEP, SYNC } from './redis-scripts.js';

/** Refreshes this node's heartbeat; true when it had expired (other nodes may have swept this node). */
export async function beat(s: RedisScope, ttlMs: number): Promise<boolean> {
  const [[, previous] = []] = (await s.cmd
    .multi()
    .set(s.keys.heartbeat(s.nodeId), String(Date.now()), 'PX', ttlMs, 'GET')
    .sadd(s.keys.nodes, s.nodeId)
    .exec()) ?? [[]];
  return previous === null;
}

/**
 * Removes the presence members and counts of every registered node whose heartbeat expired; calls
 * `onRemoved` for each user that had no other node (each is reported by exactly one sweeper, the
 * scripts being atomic). Several nodes may sweep at once; the work is idempotent. Returns the nodes
 * swept and the other nodes alive.
 */
export async function sweepDeadNodes(
  s: RedisScope,
  onRemoved: (channel: string, userId: string) => void,
): Promise<{ swept: string[]; alive: string[] }> {
  const swept: string[] = [];
  const alive: string[] = [];
  const nodes = await s.cmd.smembers(s.keys.nodes);
  for (const node of nodes) {
    if (node === s.nodeId) continue;
    if ((await s.cmd.exists(s.keys.heartbeat(node))) === 1) {
      alive.push(node);
      continue;
    }
    let back = false;
    for (const channel of await s.cmd.smembers(s.keys.nodePresence(node))) {
      const removed = await runScript(s.cmd, SWEEP, [s.keys.presence(channel), s.keys.heartbeat(node)], [node]);
      if (removed === null) {
        back = true;
        break;
      }
      for (const userId of removed as string[]) onRemoved(channel, userId);
    }
    if (back) {
      alive.push(node);
      continue;
    }
    await s.cmd
      .multi()
      .del(s.keys.nodePresence(node), s.keys.counts(node))
      .srem(s.keys.nodes, node)
      .hdel(s.keys.synced, node)
      .exec();
    swept.push(node);
  }
  return { swept, alive };
}

/** Which of `peers` have written their share again since Redis last lost it. */
export async function syncedPeers(s: RedisScope, peers: readonly string[]): Promise<Set<string>> {
  if (peers.length === 0) return new Set();
  const marks = await s.cmd.hmget(s.keys.synced, ...peers);
  return new Set(peers.filter((_, i) => marks[i] !== null));
}

export interface ResyncChanges {
  added: Array<{ channel: string; userId: string; info: unknown }>;
  removed: Array<{ channel: string; userId: string }>;
}

/**
 * Writes this node's whole share again (heartbeat, subscriber counts, presence members) after Redis
 * came back or this node was swept. Returns the members other nodes must now be told about.
 */
export async function resync(
  s: RedisScope,
  ttlMs: number,
  book: PresenceBook,
  counts: ReadonlyMap<string, number>,
): Promise<ResyncChanges> {
  await beat(s, ttlMs);
  const flat = [...counts].flatMap(([channel, count]) => [channel, String(count)]);
  const tx = s.cmd.multi().del(s.keys.counts(s.nodeId));
  if (flat.length > 0) tx.hset(s.keys.counts(s.nodeId), ...flat);
  await tx.exec();

  const changes: ResyncChanges = { added: [], removed: [] };
  const known = await s.cmd.smembers(s.keys.nodePresence(s.nodeId));
  for (const channel of new Set([...book.channelNames(), ...known])) {
    const args: string[] = [s.nodeId, channel];
    for (const [userId, e] of book.entries(channel)) args.push(userId, String(e.connections), JSON.stringify(e.info));
    const keys = [s.keys.presence(channel), s.keys.nodePresence(s.nodeId)];
    const [added = [], removed = []] = (await runScript(s.cmd, SYNC, keys, args)) as [string[]?, string[]?];
    for (const userId of added) changes.added.push({ channel, userId, info: book.entries(channel).get(userId)?.info });
    for (const userId of removed) changes.removed.push({ channel, userId });
  }
  await s.cmd.hset(s.keys.synced, s.nodeId, String(Date.now()));
  return changes;
}
