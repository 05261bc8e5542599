import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `text` with the app secret, as lowercase hex (what the `pusher` SDK sends). */
export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/**
 * True when `given` (hex) is the HMAC-SHA256 of `text`. Compared with `timingSafeEqual` on two 32-byte
 * buffers; a string of the wrong shape is refused before any comparison (its length reveals nothing secret).
 */
export function verifyHmac(secret: string, text: string, given: string): boolean {
  if (!HEX_SHA256.test(given)) return false;
  const expected = createHmac('sha256', secret).update(text, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/**
 * Checks a socket `auth` string `key:hex-signature` over `text`. Nothing in the request is parsed or
 * trusted before this returns true.
 */
export function verifySocketAuth(auth: unknown, key: string, secret: string, text: string): boolean {
  if (typeof auth !== 'string') return false;
  const colon = auth.lastIndexOf(':');
  if (colon <= 0 || auth.slice(0, colon) !== key) return false;
  return verifyHmac(secret, text, auth.slice(colon + 1));
}

/** What a private or presence channel's auth signs: `socket_id:channel[:channel_data]`. */
export function channelAuthText(socketId: string, channel: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
}

/** What a user sign-in signs: `socket_id::user::user_data`. */
export function userAuthText(socketId: string, userData: string): string {
  return `${socketId}::user::${userData}`;
}
