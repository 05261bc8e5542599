import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { leadingZeroBits } from '@fieldplan/shared';

// Signed tokens of the public booking page (docs/adr/0030-online-booking.md): a slot offered to a
// customer and a proof-of-work challenge are both `<payload>.<mac>`, base64url JSON with an HMAC-SHA256
// under this installation's booking key. The server keeps nothing until one is used.

export interface SlotClaim {
  kind: 'slot';
  /** Workspace, service, technician (member id), start (ms), and when the offer runs out (ms). */
  w: string;
  s: string;
  m: string;
  t: number;
  exp: number;
}

export interface ChallengeClaim {
  kind: 'pow';
  /** Random id: stored once answered, so a challenge is used once. */
  id: string;
  w: string;
  /** Leading zero bits wanted of sha256(`${challenge}:${nonce}`). */
  d: number;
  exp: number;
}

type Claim = SlotClaim | ChallengeClaim;

export interface Signer {
  sign(claim: Claim): string;
  /** The claim when the token is ours, intact and of this kind (expiry is the caller's to judge). */
  verify<K extends Claim['kind']>(token: string, kind: K): Extract<Claim, { kind: K }> | null;
}

export function signer(key: Buffer): Signer {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(claim) {
      const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, kind) {
      const dot = token.indexOf('.');
      if (dot <= 0) return null;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claim;
        return claim.kind === kind ? (claim as Extract<Claim, { kind: typeof kind }>) : null;
      } catch {
        return null;
      }
    },
  };
}

/** A new challenge's claim: a random id, expiring after `ttlMs`. */
export function challengeClaim(workspaceId: string, difficulty: number, now: number, ttlMs: number): ChallengeClaim {
  return { kind: 'pow', id: randomBytes(16).toString('base64url'), w: workspaceId, d: difficulty, exp: now + ttlMs };
}

/** True when sha256(`${challenge}:${nonce}`) has at least `difficulty` leading zero bits. */
export function powSolved(challenge: string, nonce: string, difficulty: number): boolean {
  const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest();
  return leadingZeroBits(digest) >= difficulty;
}
