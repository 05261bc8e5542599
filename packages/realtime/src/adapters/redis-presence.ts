import type { Redis } from 'ioredis';
import type { ChannelStats, PresenceJoin, PresenceMember } from './adapter.js';
import type { RedisKeys } from './redis-keys.js';
import { JOIN, LEAVE, membersFromHash, runScript } from './redis-scripts.js';

/** One node's handle on Redis: the command connection, the key names and its own id. */
export interface RedisScope {
  cmd: Redis;
  keys: RedisKeys;
  nodeId: string;
}

export async function redisJoin(
  s: RedisScope,
  channel: string,
  member: PresenceMember,
  max: number,
): Promise<PresenceJoin> {
  const keys = [s.keys.presence(channel), s.keys.nodePresence(s.nodeId)];
  const reply = await runScript(s.cmd, JOIN, keys, [member.id, s.nodeId, JSON.stringify(member.info), max, channel]);
  const [first, hash] = Array.isArray(reply) ? reply : [];
  if (first === -1) return { status: 'full' };
  return { status: 'joined', firstJoin: first === 1, members: membersFromHash(hash) };
}

/** 1: the user's last connection anywhere left; 0: others remain; -1: Redis didn't know the user. */
export async function redisLeave(s: RedisScope, channel: string, userId: string): Promise<number> {
  return Number(await runScript(s.cmd, LEAVE, [s.keys.presence(channel)], [userId, s.nodeId]));
}

export async function redisMembers(s: RedisScope, channel: string): Promise<PresenceMember[]> {
  return membersFromHash(await s.cmd.hgetall(s.keys.presence(channel)));
}

/** Registered nodes whose heartbeat key still exists. */
export async function liveNodes(s: RedisScope): Promise<string[]> {
  const nodes = await s.cmd.smembers(s.keys.nodes);
  if (nodes.length === 0) return [];
  const pipeline = s.cmd.pipeline();
  for (const node of nodes) pipeline.exists(s.keys.heartbeat(node));
  const replies = (await pipeline.exec()) ?? [];
  return nodes.filter((_, i) => replies[i]?.[1] === 1);
}

export async function redisChannelStats(s: RedisScope, channel: string): Promise<ChannelStats> {
  const nodes = await liveNodes(s);
  const pipeline = s.cmd.pipeline();
  for (const node of nodes) pipeline.hget(s.keys.counts(node), channel);
  pipeline.hlen(s.keys.presence(channel));
  const replies = (await pipeline.exec()) ?? [];
  let subscriptionCount = 0;
  for (let i = 0; i < nodes.length; i += 1) subscriptionCount += Number(replies[i]?.[1] ?? 0);
  if (!channel.startsWith('presence-')) return { subscriptionCount };
  return { subscriptionCount, userCount: Number(replies[nodes.length]?.[1] ?? 0) / 2 };
}

export async function redisAllChannelStats(s: RedisScope, prefix: string): Promise<Map<string, ChannelStats>> {
  const nodes = await liveNodes(s);
  const pipeline = s.cmd.pipeline();
  for (const node of nodes) pipeline.hgetall(s.keys.counts(node));
  const replies = (await pipeline.exec()) ?? [];
  const totals = new Map<string, number>();
  for (const [, counts] of replies) {
    for (const [channel, count] of Object.entries((counts ?? {}) as Record<string, string>)) {
      if (channel.startsWith(prefix)) totals.set(channel, (totals.get(channel) ?? 0) + Number(count));
    }
  }
  const presence = [...totals.keys()].filter((c) => c.startsWith('presence-'));
  const lengths = s.cmd.pipeline();
  for (const channel of presence) lengths.hlen(s.keys.presence(channel));
  const users = presence.length > 0 ? ((await lengths.exec()) ?? []) : [];
  const result = new Map<string, ChannelStats>();
  for (const [channel, subscriptionCount] of totals) {
    if (subscriptionCount <= 0) continue;
    const i = presence.indexOf(channel);
    result.set(
      channel,
      i < 0 ? { subscriptionCount } : { subscriptionCount, userCount: Number(users[i]?.[1] ?? 0) / 2 },
    );
  }
  return result;
}
