import { readSignedPair, signPair } from './signed-pair.js';

/** The signed token of a customer's one-click unsubscribe link: `<workspace>.<customer>.<mac>`. */
export function unsubscribeToken(key: Buffer, workspaceId: string, customerId: string): string {
  return signPair(key, 'unsubscribe', workspaceId, customerId);
}

/** The customer a token names, or null when it was not signed with this key. */
export function readUnsubscribeToken(key: Buffer, token: string): { workspaceId: string; customerId: string } | null {
  const pair = readSignedPair(key, 'unsubscribe', token, (customerId) => customerId);
  return pair && { workspaceId: pair[0], customerId: pair[1] };
}
