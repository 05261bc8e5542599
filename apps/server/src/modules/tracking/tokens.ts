import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { hashToken, randomToken } from '../../lib/crypto.js';

/** 32 random bytes (256 bits) from the CSPRNG, base64url: 43 characters. */
export const tokenBytes = 32;
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export interface NewToken {
  token: string;
  hash: string;
  sealed: string;
}

/** The sealing key of tracking tokens, from SESSION_SECRET when set, else from a per-install secret. */
export function sealingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('fieldplan tracking link seal v1').digest();
}

/**
 * A fresh token: its SHA-256 (the lookup key at rest) and the token sealed with AES-256-GCM so a
 * dispatcher can copy the link again. A copy of the database alone reveals no live link when the key
 * comes from SESSION_SECRET (docs/adr/0011).
 */
export function newToken(key: Buffer): NewToken {
  const token = randomToken(tokenBytes);
  return { token, hash: hashToken(token), sealed: seal(key, token) };
}

export function seal(key: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The sealed token, or null when it does not open with this key (the secret changed). */
export function unseal(key: Buffer, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The hash to look a presented token up by, or null when it can't be one of ours (no query then). */
export function lookupHash(token: string): string | null {
  return tokenPattern.test(token) ? hashToken(token) : null;
}
