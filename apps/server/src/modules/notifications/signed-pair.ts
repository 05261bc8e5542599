import { createHmac, timingSafeEqual } from 'node:crypto';

// The tokens of the links in a customer's messages (unsubscribe, visit report): `<first>.<second>.<mac>`,
// signed with the notifications key for one purpose each, so one link's token never opens another.

/** `<first>.<second>.<mac>` signed for `purpose`. */
export function signPair(key: Buffer, purpose: string, first: string, second: string | number): string {
  return `${first}.${second}.${mac(key, purpose, first, second)}`;
}

/**
 * The two parts of a token signed for `purpose` with this key, the second as `parse` reads it (null:
 * not a valid second part), or null.
 */
export function readSignedPair<S extends string | number>(
  key: Buffer,
  purpose: string,
  token: string,
  parse: (text: string) => S | null,
): [first: string, second: S] | null {
  const [first, secondText, given, ...rest] = token.split('.');
  if (!first || !secondText || !given || rest.length > 0) return null;
  const second = parse(secondText);
  if (second === null) return null;
  const expected = Buffer.from(mac(key, purpose, first, second));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return [first, second];
}

function mac(key: Buffer, purpose: string, first: string, second: string | number): string {
  // 128 bits of the MAC: enough against guessing, and the path stays under the router's 100-character parameter.
  return createHmac('sha256', key)
    .update(`${purpose}:${first}:${second}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
