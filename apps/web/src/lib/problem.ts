import { type ErrorCode, errorTitle, isProblem, type Problem } from '@fieldplan/shared';

/** Any error a mutation's `unwrap()` throws, as a Problem (our base query only produces Problems). */
export function toProblem(error: unknown): Problem {
  if (isProblem(error)) return error;
  return {
    type: 'about:blank',
    title: errorTitle.internal,
    status: 0,
    code: 'internal',
    detail: error instanceof Error ? error.message : 'Something went wrong',
  };
}

/** The request never got an answer (offline, server unreachable): the base query marks it status 0. */
export const isNetworkProblem = (problem: Problem): boolean => problem.status === 0;

const permission = "You don't have permission to";

/**
 * docs/PRODUCT.md, "Error catalogue" in one place: what a person reads for each code. The server's `detail` is used
 * where it is already written for people (field messages, which transition, which action).
 */
const catalogue: Record<ErrorCode, (problem: Problem) => string> = {
  validation_failed: (p) => p.detail || errorTitle.validation_failed,
  unauthenticated: (p) => p.detail || errorTitle.unauthenticated,
  forbidden: (p) => (p.detail?.startsWith(permission) ? p.detail : `${permission} do that.`),
  not_found: (p) => p.detail || 'This no longer exists',
  // The connection was too slow to send the request in time: worth another try.
  request_timeout: () => 'The connection is too slow right now. Try again.',
  gone: (p) => p.detail || errorTitle.gone,
  version_conflict: (p) => p.detail || 'Someone else changed this. Reload to see their version.',
  invalid_transition: (p) => p.detail || errorTitle.invalid_transition,
  // A booking slot another customer took first; the problem carries fresh `slots` (docs/adr/0030).
  slot_taken: (p) => p.detail || errorTitle.slot_taken,
  payload_too_large: (p) => p.detail || 'File too large',
  unsupported_media_type: (p) => p.detail || errorTitle.unsupported_media_type,
  rate_limited: (p) =>
    p.retryAfter ? `Too many attempts, try again in ${p.retryAfter} s` : 'Too many attempts, try again in a minute',
  // A URL or headers over the server's limit: what was typed or pasted was too long, not a failure.
  headers_too_large: () =>
    'This request is too long for the server (its address or headers). Shorten it and try again.',
  // The server's detail may already say so ("Couldn't load the feed: …"): not twice.
  feed_unreachable: (p) =>
    p.detail?.startsWith("Couldn't load") ? p.detail : `Couldn't load: ${p.detail || 'the feed did not answer'}`,
  // The database or the server is briefly down (a restart, a failover): nothing the person did.
  unavailable: () => 'Fieldplan is briefly unavailable. Try again in a moment.',
  // The server's file storage is full: photos wait on the phone and go out once there is room again.
  storage_full: () => "Fieldplan's file storage is full. Photos wait on this device and are sent once there is room.",
  internal: (p) => (p.reference ? `Something went wrong (reference ${p.reference})` : p.detail || errorTitle.internal),
};

/** One sentence for a person: the catalogue's wording, with the server's detail where it helps. */
export function problemMessage(problem: Problem): string {
  return (catalogue[problem.code] ?? catalogue.internal)(problem);
}
