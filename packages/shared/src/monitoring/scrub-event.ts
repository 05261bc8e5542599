import { scrubString, scrubUrl } from './scrub-string.js';

/** Keys whose values are credentials or personal data whatever they hold. */
const secretKey =
  /^(cookie|cookies|set-cookie|authorization|proxy-authorization|x-api-key|password|passwd|secret|token|access_token|refresh_token|session|sessionid|csrf|x-csrf-token|email|e-mail|phone|address|ip_address)$/i;
/** Identifiers and SDK metadata: never personal data, and scrubbing could mangle them. */
const keepKeys = new Set([
  'event_id',
  'timestamp',
  'start_timestamp',
  'trace_id',
  'span_id',
  'parent_span_id',
  'release',
  'dist',
  'environment',
  'platform',
  'sdk',
  'debug_meta',
  'level',
]);
const maxDepth = 24;
const redacted = '[redacted]';

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy with every string scrubbed and secret-named keys redacted (cycles and deep nesting cut). */
function scrubValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > maxDepth || seen.has(value)) return '[…]';
  // `seen` holds the ancestors only: a cycle is cut, an object shared by two branches is kept in both.
  seen.add(value);
  let out: unknown[] | Loose;
  if (Array.isArray(value)) out = value.map((v) => scrubValue(v, depth + 1, seen));
  else {
    out = {};
    for (const [key, v] of Object.entries(value)) {
      if (keepKeys.has(key)) out[key] = v;
      else if (secretKey.test(key) && v !== null && v !== undefined) out[key] = redacted;
      else out[key] = scrubValue(v, depth + 1, seen);
    }
  }
  seen.delete(value);
  return out;
}

/** The request part of an event: URL and query scrubbed, no body, cookies or secret headers. */
function scrubRequest(request: Loose, seen: WeakSet<object>): Loose {
  const { cookies: _cookies, data: _data, env: _env, ...rest } = request;
  const out = scrubValue(rest, 1, seen) as Loose;
  if (typeof request.url === 'string') out.url = scrubUrl(request.url);
  if (typeof request.query_string === 'string') out.query_string = scrubUrl(`?${request.query_string}`).slice(1);
  if (isRecord(out.headers)) {
    out.headers = Object.fromEntries(Object.entries(out.headers).filter(([name, v]) => v !== redacted && name !== ''));
  }
  return out;
}

/**
 * An error event fit to leave the process (Sentry's `beforeSend`): personal data and credentials
 * scrubbed everywhere, the user reduced to their id, the request without body, cookies or secrets.
 * Typed loosely so the shared package needs no Sentry types.
 */
export function scrubEvent<T extends object>(event: T): T {
  const seen = new WeakSet<object>([event]);
  const { user, request, breadcrumbs, ...rest } = event as Loose;
  const out = scrubValue(rest, 0, seen) as Loose;
  if (isRecord(user) && (typeof user.id === 'string' || typeof user.id === 'number')) out.user = { id: user.id };
  if (isRecord(request)) out.request = scrubRequest(request, seen);
  if (Array.isArray(breadcrumbs)) out.breadcrumbs = breadcrumbs.map((b) => (isRecord(b) ? scrubBreadcrumb(b) : b));
  else if (isRecord(breadcrumbs) && Array.isArray(breadcrumbs.values)) {
    out.breadcrumbs = { ...breadcrumbs, values: breadcrumbs.values.map((b) => (isRecord(b) ? scrubBreadcrumb(b) : b)) };
  }
  return out as T;
}

/** A breadcrumb fit to keep (Sentry's `beforeBreadcrumb`): message, URLs and data scrubbed. */
export function scrubBreadcrumb<T extends object>(crumb: T): T {
  return scrubData(crumb);
}

/** Any value (a log record, an error's fields) with every string scrubbed and secret-named keys redacted. */
export function scrubData<T>(value: T): T {
  return scrubValue(value, 0, new WeakSet<object>()) as T;
}
