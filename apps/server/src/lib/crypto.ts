import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token of `bytes` bytes (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex of a token: what we store for sessions, invitations and feed tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * scrypt parameters (memory-hard, RFC 7914): N = 2^15, r = 8, p = 1 → 32 MiB and ~60 ms per hash
 * on this machine kind; 16-byte salt, 32-byte key. Stored as `scrypt$N$r$p$salt$key` so the
 * parameters can be raised later without breaking existing hashes.
 */
export const passwordHashParams = { N: 2 ** 15, r: 8, p: 1, keylen: 32 } as const;
let params: { N: number; r: number; p: number; keylen: number } = passwordHashParams;

/**
 * The test suites' work factor: N = 2^15 costs ~60 ms a hash, and hashing passwords was most of the
 * server tests' time (docs/ARCHITECTURE.md, "Tests"). Only the test set-up calls this; a hash keeps its
 * own parameters, so verifying works whatever the factor was, and nothing else changes.
 */
export function useTestPasswordWorkFactor(N: number = 2 ** 10): void {
  params = { ...passwordHashParams, N };
}

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keylen, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params.N, params.r, params.p, params.keylen);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash of a random password: verifying against it costs the same as a real check. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
}
