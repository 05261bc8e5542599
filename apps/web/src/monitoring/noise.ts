import { isProblem } from '@fieldplan/shared';

/** The parts of a Sentry event the filter reads (typed loosely so this module needs no SDK). */
export interface EventLike {
  message?: string;
  exception?: {
    values?: { type?: string; value?: string; stacktrace?: { frames?: { filename?: string }[] } }[];
  };
}

/** Requests that failed or were cancelled: the network's doing, not a bug (Chrome, Firefox, Safari, undici). */
const networkFailure =
  /^(Failed to fetch|NetworkError when attempting to fetch resource|Load failed|Network request failed|fetch failed)/i;
const aborted = /(^AbortError$)|aborted a request|signal is aborted|operation was aborted|The user aborted/i;
const resizeObserver = /ResizeObserver loop/i;
const extensionFrame = /^(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//;

/** Known noise from third parties: cross-origin script errors, in-app browsers and translators. */
const thirdParty = [
  /^Script error\.?$/,
  /^Javascript error: Script error\.? on line 0$/,
  /__gCrWeb/,
  /_AutofillCallbackHandler/,
  /instantSearchSDKJSBridgeClearHighlight/,
  /webkit\.messageHandlers/,
  /Non-Error promise rejection captured with value: Object Not Found Matching Id/,
];

function isAbortLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'AbortError';
}

/**
 * True when an event is noise that must not be reported (docs/PRODUCT.md, "Error catalogue"): network failures and
 * aborted requests, API answers below 500 (and 5xx the server already reported with a reference),
 * `ResizeObserver loop` warnings, errors raised only by browser extensions, known third-party noise.
 */
export function isNoise(event: EventLike, original?: unknown): boolean {
  if (isProblem(original)) return original.status < 500 || Boolean(original.reference);
  if (isAbortLike(original)) return true;
  const values = event.exception?.values ?? [];
  const texts = [event.message ?? '', ...values.map((v) => `${v.value ?? ''}`)];
  if (values.some((v) => v.type === 'AbortError')) return true;
  if (values.some((v) => (v.type === 'TypeError' || !v.type) && networkFailure.test(v.value ?? ''))) return true;
  if (texts.some((t) => aborted.test(t) || resizeObserver.test(t) || thirdParty.some((re) => re.test(t)))) {
    return true;
  }
  const frames = values.flatMap((v) => v.stacktrace?.frames ?? []);
  return frames.length > 0 && frames.every((f) => extensionFrame.test(f.filename ?? ''));
}
