import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of a customer's visit report link: `<job>.<occurrence key>.<mac>` (docs/adr/0029,
 * "Report links"). The same key as the unsubscribe links, another purpose in the MAC.
 */
export function reportToken(key: Buffer, jobId: string, occurrenceKey: number): string {
  return `${jobId}.${occurrenceKey}.${mac(key, jobId, occurrenceKey)}`;
}

/** The visit a token names, or null when it was not signed with this key. */
export function readReportToken(key: Buffer, token: string): { jobId: string; occurrenceKey: number } | null {
  const [jobId, keyText, given, ...rest] = token.split('.');
  if (!jobId || !keyText || !given || rest.length > 0 || !/^-?\d{1,15}$/.test(keyText)) return null;
  const occurrenceKey = Number(keyText);
  const expected = Buffer.from(mac(key, jobId, occurrenceKey));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { jobId, occurrenceKey };
}

function mac(key: Buffer, jobId: string, occurrenceKey: number): string {
  // 128 bits, as the unsubscribe token: unguessable, and the path stays under 100 characters.
  return createHmac('sha256', key)
    .update(`report:${jobId}:${occurrenceKey}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
