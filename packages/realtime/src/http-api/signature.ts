import { createHash, timingSafeEqual } from 'node:crypto';
import { verifyHmac } from '../auth.js';

export interface SignedRequest {
  method: string;
  /** The path as sent (not decoded), e.g. `/apps/1/events`. */
  path: string;
  /** The query string as sent, without `?`. */
  rawQuery: string;
  body: string;
}

export type Verdict = { ok: true; params: Map<string, string> } | { ok: false; status: 400 | 401; error: string };

/**
 * Verifies a Pusher HTTP API request: `auth_key`, `auth_version=1.0`, `auth_timestamp` within
 * `maxSkewSeconds` of now (so a captured request can't be replayed later), `body_md5` for a body, and
 * `auth_signature` = HMAC-SHA256 hex of `METHOD\nPATH\nkey=value&…` (every other parameter, keys
 * lowercased and sorted, values unescaped), compared in constant time.
 */
export function verifySignedRequest(
  req: SignedRequest,
  key: string,
  secret: string,
  maxSkewSeconds: number,
  nowSeconds = Date.now() / 1000,
): Verdict {
  const params = parseQuery(req.rawQuery);
  if (!params) return { ok: false, status: 400, error: 'Malformed query string' };
  const signature = params.get('auth_signature');
  if (params.get('auth_key') !== key) return { ok: false, status: 401, error: 'Unknown auth_key' };
  if (params.get('auth_version') !== '1.0') return { ok: false, status: 401, error: 'auth_version must be 1.0' };
  if (signature === undefined) return { ok: false, status: 401, error: 'auth_signature missing' };

  const signed = [...params]
    .filter(([k]) => k !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  if (!verifyHmac(secret, `${req.method.toUpperCase()}\n${req.path}\n${signed}`, signature)) {
    return { ok: false, status: 401, error: 'Invalid signature' };
  }
  const timestamp = Number(params.get('auth_timestamp'));
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > maxSkewSeconds) {
    return { ok: false, status: 401, error: `auth_timestamp is more than ${maxSkewSeconds} s from the server's clock` };
  }
  const bodyMd5 = params.get('body_md5');
  if ((req.body !== '' || bodyMd5 !== undefined) && !sameMd5(req.body, bodyMd5)) {
    return { ok: false, status: 401, error: 'body_md5 does not match the body' };
  }
  return { ok: true, params };
}

function sameMd5(body: string, given: string | undefined): boolean {
  if (given === undefined || !/^[0-9a-f]{32}$/i.test(given)) return false;
  return timingSafeEqual(createHash('md5').update(body, 'utf8').digest(), Buffer.from(given, 'hex'));
}

/** key → value, keys lowercased, `%xx` decoded (no `+` → space: the SDK signs values as it sends them). */
function parseQuery(raw: string): Map<string, string> | null {
  const params = new Map<string, string>();
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    try {
      const k = decodeURIComponent(eq < 0 ? part : part.slice(0, eq)).toLowerCase();
      const v = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
      if (params.has(k)) return null;
      params.set(k, v);
    } catch {
      return null;
    }
  }
  return params;
}
