import { type ErrorCode, errorTitle, isProblem, type Problem } from '@fieldplan/shared';
import { currentLocale, defineMessages, t } from './i18n';

// What a person reads for a problem, by its code (docs/PRODUCT.md, "Error catalogue").
const words = defineMessages({
  failed: { id: 'lib.problem.failed' },
  failedWithReference: { id: 'lib.problem.failedWithReference' },
  validationFailed: { id: 'lib.problem.validationFailed' },
  unauthenticated: { id: 'lib.problem.unauthenticated' },
  forbidden: { id: 'lib.problem.forbidden' },
  notFound: { id: 'lib.problem.notFound' },
  requestTimeout: { id: 'lib.problem.requestTimeout' },
  gone: { id: 'lib.problem.gone' },
  versionConflict: { id: 'lib.problem.versionConflict' },
  invalidTransition: { id: 'lib.problem.invalidTransition' },
  slotTaken: { id: 'lib.problem.slotTaken' },
  payloadTooLarge: { id: 'lib.problem.payloadTooLarge' },
  unsupportedMediaType: { id: 'lib.problem.unsupportedMediaType' },
  rateLimited: { id: 'lib.problem.rateLimited' },
  rateLimitedFor: { id: 'lib.problem.rateLimitedFor' },
  headersTooLarge: { id: 'lib.problem.headersTooLarge' },
  feedUnreachable: { id: 'lib.problem.feedUnreachable' },
  feedUnreachableBecause: { id: 'lib.problem.feedUnreachableBecause' },
  unavailable: { id: 'lib.problem.unavailable' },
  storageFull: { id: 'lib.problem.storageFull' },
});

/** Any error a mutation's `unwrap()` throws, as a Problem (our base query only produces Problems). */
export function toProblem(error: unknown): Problem {
  if (isProblem(error)) return error;
  return {
    type: 'about:blank',
    title: errorTitle.internal,
    status: 0,
    code: 'internal',
    detail: error instanceof Error ? error.message : t(words.failed),
  };
}

/** The request never got an answer (offline, server unreachable): the base query marks it status 0. */
export const isNetworkProblem = (problem: Problem): boolean => problem.status === 0;

const permission = "You don't have permission to";

/**
 * The server's detail where it may be shown: on an English page always; on another, only a 400's (its
 * field messages come in the page's language, docs/PRODUCT.md "Error catalogue"), since the details of
 * other refusals are still partly English — there the catalogue's own sentence is shown.
 */
const detailOf = (p: Problem): string => (currentLocale() === 'en' || p.code === 'validation_failed' ? p.detail : '');

/**
 * docs/PRODUCT.md, "Error catalogue" in one place: what a person reads for each code. The server's `detail` is used
 * where it is already written for people (field messages, which transition, which action).
 */
const catalogue: Record<ErrorCode, (problem: Problem) => string> = {
  validation_failed: (p) => detailOf(p) || t(words.validationFailed),
  unauthenticated: (p) => detailOf(p) || t(words.unauthenticated),
  forbidden: (p) => (detailOf(p).startsWith(permission) ? p.detail : t(words.forbidden)),
  not_found: (p) => detailOf(p) || t(words.notFound),
  // The connection was too slow to send the request in time: worth another try.
  request_timeout: () => t(words.requestTimeout),
  gone: (p) => detailOf(p) || t(words.gone),
  version_conflict: (p) => detailOf(p) || t(words.versionConflict),
  invalid_transition: (p) => detailOf(p) || t(words.invalidTransition),
  // A booking slot another customer took first; the problem carries fresh `slots` (docs/adr/0030).
  slot_taken: (p) => detailOf(p) || t(words.slotTaken),
  payload_too_large: (p) => detailOf(p) || t(words.payloadTooLarge),
  unsupported_media_type: (p) => detailOf(p) || t(words.unsupportedMediaType),
  rate_limited: (p) =>
    p.retryAfter ? t(words.rateLimitedFor, { seconds: String(p.retryAfter) }) : t(words.rateLimited),
  // A URL or headers over the server's limit: what was typed or pasted was too long, not a failure.
  headers_too_large: () => t(words.headersTooLarge),
  // The server's detail may already say so ("Couldn't load the feed: …"): not twice.
  feed_unreachable: (p) => {
    const detail = detailOf(p);
    if (detail.startsWith("Couldn't load")) return detail;
    return detail ? t(words.feedUnreachableBecause, { reason: detail }) : t(words.feedUnreachable);
  },
  // The database or the server is briefly down (a restart, a failover): nothing the person did.
  unavailable: () => t(words.unavailable),
  // The server's file storage is full: photos wait on the phone and go out once there is room again.
  storage_full: () => t(words.storageFull),
  internal: (p) =>
    p.reference ? t(words.failedWithReference, { reference: p.reference }) : detailOf(p) || t(words.failed),
};

/** One sentence for a person: the catalogue's wording, with the server's detail where it helps. */
export function problemMessage(problem: Problem): string {
  return (catalogue[problem.code] ?? catalogue.internal)(problem);
}
