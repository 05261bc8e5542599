/** Every Redis key and pub/sub channel of one app, under one prefix. */
export function redisKeys(prefix: string) {
  return {
    /** Pub/sub channel every process listens on. */
    events: `${prefix}events`,
    /** SET of node ids that have registered. */
    nodes: `${prefix}nodes`,
    /** A node's heartbeat: exists while the node is alive (refreshed well within its TTL). */
    heartbeat: (node: string) => `${prefix}node:${node}`,
    /** HASH channel → the node's subscriber count. */
    counts: (node: string) => `${prefix}node:${node}:counts`,
    /** SET of presence channels where the node has members (what a sweeper visits when it dies). */
    nodePresence: (node: string) => `${prefix}node:${node}:presence`,
    /** HASH node → when it last wrote its whole share again (a recovering node waits for its peers'). */
    synced: `${prefix}synced`,
    /** HASH of a presence channel's members (see redis-scripts.ts). */
    presence: (channel: string) => `${prefix}presence:${channel}`,
  };
}

export type RedisKeys = ReturnType<typeof redisKeys>;

/*
 * Pub/sub messages are newline-separated so the frame, already encoded for the WebSocket, is passed on
 * without being parsed again: `E origin channel except frame`, `T origin userId`, or `R origin` (the
 * node rewrote its share after an outage, docs/adr/0033). Channel names, node ids and socket ids never
 * hold a newline; the last field takes the rest of the message.
 */
export type Envelope =
  | { kind: 'event'; origin: string; channel: string; except: string; frame: string }
  | { kind: 'terminate'; origin: string; userId: string }
  | { kind: 'resynced'; origin: string };

export function encodeEnvelope(e: Envelope): string {
  if (e.kind === 'event') return `E\n${e.origin}\n${e.channel}\n${e.except}\n${e.frame}`;
  return e.kind === 'terminate' ? `T\n${e.origin}\n${e.userId}` : `R\n${e.origin}`;
}

export function decodeEnvelope(message: string): Envelope | null {
  const fields = splitN(message, message.startsWith('E\n') ? 5 : 3);
  if (fields[0] === 'E' && fields.length === 5) {
    const [, origin = '', channel = '', except = '', frame = ''] = fields;
    return { kind: 'event', origin, channel, except, frame };
  }
  if (fields[0] === 'T' && fields.length === 3)
    return { kind: 'terminate', origin: fields[1] ?? '', userId: fields[2] ?? '' };
  if (fields[0] === 'R' && fields.length === 2) return { kind: 'resynced', origin: fields[1] ?? '' };
  return null;
}

function splitN(text: string, n: number): string[] {
  const parts: string[] = [];
  let start = 0;
  while (parts.length < n - 1) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) break;
    parts.push(text.slice(start, nl));
    start = nl + 1;
  }
  parts.push(text.slice(start));
  return parts;
}
