import { readSignedPair, signPair } from './signed-pair.js';

/**
 * The signed token of a customer's visit report link: `<job>.<occurrence key>.<mac>` (docs/adr/0029,
 * "Report links"). The same key as the unsubscribe links, another purpose in the MAC.
 */
export function reportToken(key: Buffer, jobId: string, occurrenceKey: number): string {
  return signPair(key, 'report', jobId, occurrenceKey);
}

/** The visit a token names, or null when it was not signed with this key. */
export function readReportToken(key: Buffer, token: string): { jobId: string; occurrenceKey: number } | null {
  const pair = readSignedPair(key, 'report', token, (text) => (/^-?\d{1,15}$/.test(text) ? Number(text) : null));
  return pair && { jobId: pair[0], occurrenceKey: pair[1] };
}
