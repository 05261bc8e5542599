import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { feedLimits } from '@fieldplan/shared';
import { connectDeadline } from '../../../lib/connect-deadline.js';
import { blockedReason, isLoopback } from './address.js';
import { FeedFetchError, type FetchTarget, fetchTarget, isIpLiteral } from './url.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Resolves a host name to every address it has (tests inject a stand-in for DNS). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) => {
  const all = await dns.promises.lookup(host, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface FetchPolicy {
  resolve: Resolver;
  /** Lets 127.0.0.0/8 and ::1 through, on any port (tests only; FEEDS_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
  /** Ports besides 80 (http) and 443 (https) a feed may use. */
  allowedPorts: readonly number[];
  connectTimeoutMs: number;
  /** The longest silence while reading. */
  readTimeoutMs: number;
  totalTimeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const defaultFetchPolicy: FetchPolicy = {
  resolve: systemResolver,
  allowLoopback: false,
  allowedPorts: [],
  connectTimeoutMs: 5_000,
  readTimeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  maxBytes: feedLimits.bodyBytes,
  maxRedirects: 3,
};

/** The validators of the copy we hold. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FetchResult = { kind: 'not_modified' } | ({ kind: 'ok'; body: Buffer } & Validators);

const redirects = new Set([301, 302, 303, 307, 308]);
const calendarTypes = /^\s*(text\/calendar|text\/plain)\s*(;|$)/i;

/** The address to connect to: every address the host has must be public (or loopback when allowed). */
async function checkedAddress(target: FetchTarget, policy: FetchPolicy): Promise<ResolvedAddress> {
  let addresses: ResolvedAddress[];
  if (isIpLiteral(target.host)) {
    addresses = [{ address: target.host, family: target.host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await policy.resolve(target.host);
    } catch {
      throw new FeedFetchError(`the host ${target.host} could not be found`);
    }
  }
  if (addresses.length === 0) throw new FeedFetchError(`the host ${target.host} could not be found`);
  for (const { address } of addresses) {
    const reason = blockedReason(address);
    if (reason && !(policy.allowLoopback && isLoopback(address))) {
      throw new FeedFetchError(
        address === target.host ? `${address} is ${reason}` : `${target.host} resolves to ${address}, ${reason}`,
      );
    }
  }
  const defaultPort = target.url.protocol === 'https:' ? 443 : 80;
  const loopbackOnly = policy.allowLoopback && addresses.every((a) => isLoopback(a.address));
  if (target.port !== defaultPort && !policy.allowedPorts.includes(target.port) && !loopbackOnly) {
    throw new FeedFetchError(`port ${target.port} is not allowed (only ${defaultPort} or an allowed port)`);
  }
  // Checked above, so the first exists.
  return addresses[0] as ResolvedAddress;
}

/** A lookup that answers only the checked address: the connection can't be re-resolved elsewhere. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
    } else callback(null, pinned.address, pinned.family);
  };
}

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
}

function requestOnce(
  target: FetchTarget,
  pinned: ResolvedAddress,
  headers: Record<string, string>,
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const mod = target.url.protocol === 'https:' ? https : http;
    const req = mod.request(target.url, {
      method: 'GET',
      headers,
      agent: false,
      lookup: pinnedLookup(pinned),
      signal,
      timeout: policy.readTimeoutMs,
    });
    const stopConnectClock = connectDeadline(
      req,
      policy.connectTimeoutMs,
      () => new FeedFetchError(`no connection within ${policy.connectTimeoutMs / 1000} s`),
    );
    req.on('timeout', () =>
      req.destroy(new FeedFetchError(`the server stopped answering for ${policy.readTimeoutMs / 1000} s`)),
    );
    req.on('error', (err) => {
      stopConnectClock();
      reject(err);
    });
    req.on('response', (res) => {
      stopConnectClock();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res });
    });
    req.end();
  });
}

/** Reads the body, decompressed, refusing more than `maxBytes` (however it was encoded). */
async function readBody(res: Response, policy: FetchPolicy): Promise<Buffer> {
  const tooLarge = () => new FeedFetchError(`the file is larger than ${policy.maxBytes / 1024 / 1024} MB`);
  const length = Number(res.headers['content-length']);
  const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity' && Number.isFinite(length) && length > policy.maxBytes) {
    res.body.destroy();
    throw tooLarge();
  }
  let stream: Readable = res.body;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.body.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = res.body.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = res.body.pipe(zlib.createBrotliDecompress());
  else if (encoding !== 'identity') {
    res.body.destroy();
    throw new FeedFetchError(`the server used an unknown encoding (${encoding.slice(0, 20)})`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      if (total > policy.maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    res.body.destroy();
    if (err instanceof FeedFetchError) throw err;
    if (stream !== res.body && !(err as { code?: string }).code?.startsWith('ERR_STREAM')) {
      throw new FeedFetchError('the compressed file is damaged');
    }
    throw err;
  }
  return Buffer.concat(chunks);
}

function networkReason(err: unknown, policy: FetchPolicy, signal: AbortSignal): FeedFetchError {
  if (err instanceof FeedFetchError) return err;
  const e = err as { code?: string; name?: string };
  if (signal.aborted || e.name === 'AbortError')
    return new FeedFetchError(`it took longer than ${policy.totalTimeoutMs / 1000} s`);
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'the server refused the connection',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'the host is unreachable',
    ENETUNREACH: 'the network is unreachable',
    ETIMEDOUT: 'the connection timed out',
    ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate is not for this host",
    DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is self-signed",
    CERT_HAS_EXPIRED: "the server's certificate has expired",
  };
  return new FeedFetchError(reasons[e.code ?? ''] ?? `the connection failed (${e.code ?? 'unknown error'})`);
}

/**
 * Fetches an iCalendar URL the SSRF-safe way: every address the host resolves to is checked, the
 * connection is pinned to the checked one, each redirect (≤ 3) is checked again, with connect, read
 * and total timeouts and a size limit after decompression. Sends the validators we hold, so an
 * unchanged feed answers 304. Throws FeedFetchError with a reason a user can read.
 */
export async function fetchCalendar(
  rawUrl: string,
  validators: Validators,
  policy: FetchPolicy = defaultFetchPolicy,
): Promise<FetchResult> {
  const controller = new AbortController();
  const total = setTimeout(() => controller.abort(), policy.totalTimeoutMs);
  try {
    let target = fetchTarget(rawUrl);
    for (let hop = 0; ; hop++) {
      const pinned = await checkedAddress(target, policy);
      const headers: Record<string, string> = {
        accept: 'text/calendar, text/plain;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': 'Fieldplan calendar subscription',
      };
      // Validators belong to the URL the user gave; a redirect target gets them too (same feed).
      if (validators.etag) headers['if-none-match'] = validators.etag;
      if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
      let res: Response;
      try {
        res = await requestOnce(target, pinned, headers, policy, controller.signal);
      } catch (err) {
        throw networkReason(err, policy, controller.signal);
      }
      if (redirects.has(res.status)) {
        res.body.resume();
        const location = res.headers.location;
        if (!location) throw new FeedFetchError(`the server answered ${res.status} without a new address`);
        if (hop >= policy.maxRedirects) throw new FeedFetchError(`more than ${policy.maxRedirects} redirects`);
        const next = new URL(location, target.url);
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw new FeedFetchError('a redirect led to an address that is not http or https');
        }
        try {
          target = fetchTarget(next.toString());
        } catch (err) {
          throw err instanceof FeedFetchError ? new FeedFetchError(`a redirect was refused: ${err.reason}`) : err;
        }
        continue;
      }
      if (res.status === 304) {
        res.body.resume();
        return { kind: 'not_modified' };
      }
      if (res.status !== 200) {
        res.body.resume();
        throw new FeedFetchError(`the server answered ${res.status}`);
      }
      const type = String(res.headers['content-type'] ?? '');
      if (!calendarTypes.test(type)) {
        res.body.destroy();
        throw new FeedFetchError(`not an iCalendar file (the server sent ${type.split(';')[0]?.trim() || 'no type'})`);
      }
      let body: Buffer;
      try {
        body = await readBody(res, policy);
      } catch (err) {
        throw networkReason(err, policy, controller.signal);
      }
      const etag = typeof res.headers.etag === 'string' ? res.headers.etag : null;
      const lastModified = typeof res.headers['last-modified'] === 'string' ? res.headers['last-modified'] : null;
      return { kind: 'ok', body, etag, lastModified };
    }
  } catch (err) {
    throw networkReason(err, policy, controller.signal);
  } finally {
    clearTimeout(total);
  }
}
