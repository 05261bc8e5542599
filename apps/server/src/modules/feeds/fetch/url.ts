import net from 'node:net';
import { feedUrlIssue } from '@fieldplan/shared';

/** A subscription URL as we fetch it: `webcal://` read as https, the default port made explicit. */
export interface FetchTarget {
  url: URL;
  /** The host name or IP literal (brackets removed). */
  host: string;
  port: number;
}

/** A feed could not be fetched; `reason` completes "Couldn't load: …" and never holds secrets. */
export class FeedFetchError extends Error {
  constructor(
    readonly reason: string,
    /** CPU time spent reading the file before it was refused (a workspace's refresh budget is charged it). */
    readonly cpuMs = 0,
  ) {
    super(reason);
  }
}

/**
 * Parses a feed URL for fetching. `webcal` becomes https; other schemes, user info and over-long
 * URLs are refused (the create/patch schema refuses them first, redirects meet them here).
 */
export function fetchTarget(value: string): FetchTarget {
  const issue = feedUrlIssue(value);
  if (issue) throw new FeedFetchError(issue.replace(/^URL/, 'the address'));
  const url = new URL(value);
  if (url.protocol === 'webcal:') {
    // `new URL` keeps a special scheme's path only when rebuilt from text.
    return fetchTarget(`https:${value.trim().slice('webcal:'.length)}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return { url, host, port };
}

export const isIpLiteral = (host: string): boolean => net.isIP(host) !== 0;
