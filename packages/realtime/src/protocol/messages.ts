/**
 * Frames of Pusher protocol 7. Server frames carry `data` as a JSON string ("double encoding"), except
 * `pusher:error`, whose data is an object as in the protocol's own examples; pusher-js accepts both.
 */

/** A frame from a client, after the envelope was checked: `data` is whatever the client sent. */
export interface ClientFrame {
  event: string;
  channel?: string;
  data: unknown;
}

/** The frame, or null when the text is not a JSON object with a string `event`. */
export function parseClientFrame(text: string): ClientFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { event, channel, data } = value as Record<string, unknown>;
  if (typeof event !== 'string') return null;
  if (channel !== undefined && typeof channel !== 'string') return null;
  // pusher-js sends `data` as an object; some clients send it JSON-encoded.
  return { event, channel, data: typeof data === 'string' ? parseMaybeJson(data) : data };
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An event's data as sent on the wire: strings as they are, anything else JSON-encoded. */
export function wireData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data ?? null);
}

/**
 * Sent on every channel of a process after its backplane was away (events from other processes may be
 * lost): a client that keeps a position in a log fetches what came after it (docs/adr/0033). pusher-js
 * hands it to the channel's bindings like any app event.
 */
export const RESUME_EVENT = 'realtime:resume';

export const frames = {
  connectionEstablished: (socketId: string, activityTimeoutSeconds: number) =>
    JSON.stringify({
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeoutSeconds }),
    }),
  error: (code: number, message: string) => JSON.stringify({ event: 'pusher:error', data: { code, message } }),
  ping: () => '{"event":"pusher:ping","data":"{}"}',
  pong: () => '{"event":"pusher:pong","data":"{}"}',
  subscriptionSucceeded: (channel: string, data: unknown = {}) =>
    JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: JSON.stringify(data) }),
  subscriptionError: (channel: string, type: string, error: string, status: number) =>
    JSON.stringify({ event: 'pusher:subscription_error', channel, data: JSON.stringify({ type, error, status }) }),
  memberAdded: (channel: string, userId: string, userInfo: unknown) =>
    JSON.stringify({
      event: 'pusher_internal:member_added',
      channel,
      data: JSON.stringify({ user_id: userId, user_info: userInfo }),
    }),
  memberRemoved: (channel: string, userId: string) =>
    JSON.stringify({ event: 'pusher_internal:member_removed', channel, data: JSON.stringify({ user_id: userId }) }),
  signinSuccess: (userData: string) =>
    JSON.stringify({ event: 'pusher:signin_success', data: JSON.stringify({ user_data: userData }) }),
  /** An app or client event; `userId` is set for client events on presence channels. */
  channelEvent: (channel: string, event: string, data: string, userId?: string) =>
    JSON.stringify(userId === undefined ? { event, channel, data } : { event, channel, data, user_id: userId }),
};

/** The presence part of `subscription_succeeded`: ids, id → info, count. */
export function presenceData(members: ReadonlyArray<{ id: string; info: unknown }>) {
  const hash: Record<string, unknown> = {};
  for (const m of members) hash[m.id] = m.info;
  return { presence: { ids: members.map((m) => m.id), hash, count: members.length } };
}
