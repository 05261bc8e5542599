import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { blockedReason } from '../../feeds/index.js';

/** The geocoder could not answer usefully; `reason` is for the log, never for the user. */
export class GeocoderError extends Error {}

export interface GeocoderFetchOptions {
  userAgent: string;
  /** The whole request, connect to last byte. */
  timeoutMs: number;
  maxBytes: number;
  /**
   * Refuse hosts that resolve to loopback, private, link-local … addresses: on for the public
   * default, off for an operator's own GEOCODER_URL (a self-hosted geocoder is often on a private network).
   */
  publicOnly: boolean;
}

/** Resolves like the system does, but refuses (as ENOTFOUND-like errors) addresses that are not public. */
const publicLookup: LookupFunction = (host, options, callback) => {
  dns.lookup(host, { ...options, all: true, verbatim: true }, (err, addresses) => {
    if (err) return (callback as (e: Error) => void)(err);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((a) => blockedReason(a.address) !== null);
    if (refused || list.length === 0) {
      const reason = refused
        ? `${host} resolves to ${refused.address}, ${blockedReason(refused.address)}`
        : 'no address';
      return (callback as (e: Error) => void)(new GeocoderError(reason));
    }
    if ((options as { all?: boolean }).all) (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    else callback(null, list[0]?.address ?? '', list[0]?.family ?? 4);
  });
};

/**
 * GETs a geocoder URL and parses its JSON: no redirects (an API that redirects is misconfigured,
 * and a redirect is how a public host would point us inward), one deadline for the whole exchange,
 * a size limit after decompression.
 */
export function fetchGeocoderJson(url: URL, options: GeocoderFetchOptions): Promise<unknown> {
  if (options.publicOnly) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const literal = /^[\d.]+$/.test(host) || host.includes(':');
    const reason = literal ? blockedReason(host) : null;
    if (reason) return Promise.reject(new GeocoderError(`${host} is ${reason}`));
  }
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.request(url, {
      method: 'GET',
      agent: false,
      headers: { accept: 'application/json', 'accept-encoding': 'gzip', 'user-agent': options.userAgent },
      ...(options.publicOnly && { lookup: publicLookup }),
    });
    const deadline = setTimeout(
      () => req.destroy(new GeocoderError(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const fail = (err: Error) => {
      clearTimeout(deadline);
      reject(err instanceof GeocoderError ? err : new GeocoderError(err.message));
    };
    req.on('error', fail);
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return fail(new GeocoderError(`the geocoder answered ${res.statusCode}`));
      }
      const gzip = String(res.headers['content-encoding'] ?? '').toLowerCase() === 'gzip';
      const body = gzip ? res.pipe(zlib.createGunzip()) : res;
      const chunks: Buffer[] = [];
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) req.destroy(new GeocoderError(`the answer is over ${options.maxBytes} bytes`));
        else chunks.push(chunk);
      });
      body.on('error', (err) => req.destroy(err));
      body.on('end', () => {
        clearTimeout(deadline);
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          reject(new GeocoderError('the answer is not JSON'));
        }
      });
    });
    req.end();
  });
}
