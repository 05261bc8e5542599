/**
 * Failures no retry can fix (docs/adr/0029, "Bounces"): the row is given up at once with the reason.
 * Everything else — a 4xx SMTP reply, a refused connection, a timeout, a provider's 5xx — is retried.
 */
export class PermanentFailure extends Error {}

/** An SMTP 5xx reply (Nodemailer's `responseCode`) or a failure an adapter marked permanent. */
export function isPermanent(err: unknown): boolean {
  if (err instanceof PermanentFailure) return true;
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

// Deliberately loose: a real address passes; what cannot be one (no @, spaces, no dot in the domain) fails.
const emailShape = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/** Why a recipient cannot be sent to as it is written, or null when it looks sendable. */
export function recipientProblem(channel: string, to: string): string | null {
  if (channel === 'email') {
    return emailShape.test(to) && to.length <= 254 ? null : `"${to.slice(0, 80)}" is not a valid email address`;
  }
  const digits = to.replace(/[\s().-]/g, '');
  return /^\+?\d{6,15}$/.test(digits) ? null : `"${to.slice(0, 40)}" is not a valid phone number`;
}
