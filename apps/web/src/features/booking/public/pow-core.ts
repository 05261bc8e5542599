import { sha256 } from './sha256';

// The proof of work's search, free of @fieldplan/shared: the worker bundle would otherwise carry
// zod and every schema (≈100 kB) for one loop. `leadingZeroBits` is the shared one's twin; the
// test holds them to the same answers.

/** Leading zero bits of a digest (the shared `leadingZeroBits`). */
export function zeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}

const encoder = new TextEncoder();
const subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle;

/** SHA-256 of `${challenge}:${nonce}`: the browser's where it has one (secure contexts), else ours. */
export async function digestOf(challenge: string, nonce: number): Promise<Uint8Array> {
  const bytes = encoder.encode(`${challenge}:${nonce}`);
  return subtle ? new Uint8Array(await subtle.digest('SHA-256', bytes)) : sha256(bytes);
}
