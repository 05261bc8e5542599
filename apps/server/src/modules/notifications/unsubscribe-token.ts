import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signed token of a customer's one-click unsubscribe link: `<workspace>.<customer>.<mac>`. */
export function unsubscribeToken(key: Buffer, workspaceId: string, customerId: string): string {
  return `${workspaceId}.${customerId}.${mac(key, workspaceId, customerId)}`;
}

/** The customer a token names, or null when it was not signed with this key. */
export function readUnsubscribeToken(key: Buffer, token: string): { workspaceId: string; customerId: string } | null {
  const [workspaceId, customerId, given, ...rest] = token.split('.');
  if (!workspaceId || !customerId || !given || rest.length > 0) return null;
  const expected = Buffer.from(mac(key, workspaceId, customerId));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { workspaceId, customerId };
}

function mac(key: Buffer, workspaceId: string, customerId: string): string {
  // 128 bits of the MAC: enough against guessing, and the path stays under the router's 100-character parameter.
  return createHmac('sha256', key)
    .update(`unsubscribe:${workspaceId}:${customerId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
