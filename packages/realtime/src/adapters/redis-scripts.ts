import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/*
 * Presence lives in one hash per channel: `u:{userId}` → the member's user_info JSON (stored verbatim),
 * `n:{userId}` → JSON {nodeId: open connections on that node}. The scripts keep both fields of a user
 * together atomically, so "first join" and "last leave" are decided once for the whole cluster.
 */

/**
 * Lua shared by the scripts that take a node's connections away: writes a user's node counts back to the
 * presence hash (KEYS[1]), or removes the user when no node is left. → true when the user was removed.
 */
const STORE_NODES = `
local function storeNodes(f, uid, nodes)
  if next(nodes) == nil then
    redis.call('HDEL', KEYS[1], f, 'u:' .. uid)
    return true
  end
  redis.call('HSET', KEYS[1], f, cjson.encode(nodes))
  return false
end
`;

/** KEYS: presence hash, node's channel set. ARGV: userId, nodeId, infoJson, maxMembers, channel. → {-1} full, or {first, HGETALL}. */
export const JOIN = `
local nf = 'n:' .. ARGV[1]
local cur = redis.call('HGET', KEYS[1], nf)
local first = 0
local nodes
if cur then
  nodes = cjson.decode(cur)
else
  if redis.call('HLEN', KEYS[1]) / 2 >= tonumber(ARGV[4]) then return {-1} end
  nodes = {}
  first = 1
  redis.call('HSET', KEYS[1], 'u:' .. ARGV[1], ARGV[3])
end
nodes[ARGV[2]] = (nodes[ARGV[2]] or 0) + 1
redis.call('HSET', KEYS[1], nf, cjson.encode(nodes))
redis.call('SADD', KEYS[2], ARGV[5])
return {first, redis.call('HGETALL', KEYS[1])}
`;

/** KEYS: presence hash. ARGV: userId, nodeId. → 1 last leave, 0 other connections remain, -1 unknown user. */
export const LEAVE = `${STORE_NODES}
local nf = 'n:' .. ARGV[1]
local cur = redis.call('HGET', KEYS[1], nf)
if not cur then return -1 end
local nodes = cjson.decode(cur)
local c = (nodes[ARGV[2]] or 0) - 1
if c > 0 then nodes[ARGV[2]] = c else nodes[ARGV[2]] = nil end
if storeNodes(nf, ARGV[1], nodes) then return 1 end
return 0
`;

/**
 * KEYS: presence hash, the dead node's heartbeat key. ARGV: dead nodeId. → nil if the node is alive after
 * all (checked inside the script, so a node that just came back is never swept), else the user ids that
 * had no other node and were removed.
 */
export const SWEEP = `${STORE_NODES}
if redis.call('EXISTS', KEYS[2]) == 1 then return false end
local removed = {}
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local f = all[i]
  if string.sub(f, 1, 2) == 'n:' then
    local nodes = cjson.decode(all[i + 1])
    if nodes[ARGV[1]] then
      nodes[ARGV[1]] = nil
      local uid = string.sub(f, 3)
      if storeNodes(f, uid, nodes) then removed[#removed + 1] = uid end
    end
  end
end
return removed
`;

/**
 * Rewrites one node's share of a channel after Redis came back. KEYS: presence hash, node's channel set.
 * ARGV: nodeId, channel, then (userId, connections, infoJson) triples. → {added user ids, removed user ids}.
 */
export const SYNC = `${STORE_NODES}
local node = ARGV[1]
local mine, any = {}, false
for i = 3, #ARGV, 3 do
  mine[ARGV[i]] = {tonumber(ARGV[i + 1]), ARGV[i + 2]}
  any = true
end
local added, removed = {}, {}
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local f = all[i]
  if string.sub(f, 1, 2) == 'n:' then
    local uid = string.sub(f, 3)
    local nodes = cjson.decode(all[i + 1])
    local want = mine[uid]
    if want then
      nodes[node] = want[1]
      mine[uid] = nil
      redis.call('HSET', KEYS[1], f, cjson.encode(nodes))
    elseif nodes[node] then
      nodes[node] = nil
      if storeNodes(f, uid, nodes) then removed[#removed + 1] = uid end
    end
  end
end
for uid, want in pairs(mine) do
  local nodes = {}
  nodes[node] = want[1]
  redis.call('HSET', KEYS[1], 'u:' .. uid, want[2], 'n:' .. uid, cjson.encode(nodes))
  added[#added + 1] = uid
end
if any then redis.call('SADD', KEYS[2], ARGV[2]) else redis.call('SREM', KEYS[2], ARGV[2]) end
return {added, removed}
`;

const shas = new Map<string, string>();

/** EVALSHA, falling back to EVAL the first time Redis hasn't seen the script (or after a restart). */
export async function runScript(
  redis: Redis,
  script: string,
  keys: string[],
  args: Array<string | number>,
): Promise<unknown> {
  let sha = shas.get(script);
  if (!sha) {
    sha = createHash('sha1').update(script).digest('hex');
    shas.set(script, sha);
  }
  try {
    return await redis.evalsha(sha, keys.length, ...keys, ...args);
  } catch (err) {
    if (!(err instanceof Error) || !err.message.includes('NOSCRIPT')) throw err;
    return redis.eval(script, keys.length, ...keys, ...args);
  }
}

/** Members from a presence hash: a script's flat HGETALL reply, or ioredis's `hgetall` object. */
export function membersFromHash(hash: unknown): Array<{ id: string; info: unknown }> {
  const pairs: Array<[string, string]> = [];
  if (Array.isArray(hash)) {
    for (let i = 0; i + 1 < hash.length; i += 2) pairs.push([String(hash[i]), String(hash[i + 1])]);
  } else if (typeof hash === 'object' && hash !== null) {
    for (const [field, value] of Object.entries(hash)) pairs.push([field, String(value)]);
  }
  return pairs
    .filter(([field]) => field.startsWith('u:'))
    .map(([field, json]) => ({ id: field.slice(2), info: parseInfo(json) }));
}

function parseInfo(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
