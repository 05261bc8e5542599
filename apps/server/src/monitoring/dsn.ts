/** The parts of a Sentry DSN (`<scheme>://<publicKey>@<host>[:port]/<path/><projectId>`) the tunnel compares. */
export interface Dsn {
  protocol: 'http:' | 'https:';
  /** Host and port as in the DSN (`errors.example:8443`). */
  host: string;
  /** Path before the project id, without slashes at either end ('' on sentry.io). */
  pathPrefix: string;
  publicKey: string;
  projectId: string;
}

/** Parses a DSN; null when it is not one (no key, no numeric project id, not http(s)). */
export function parseDsn(value: string): Dsn | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId)) return null;
  return {
    protocol: url.protocol,
    host: url.host,
    pathPrefix: segments.join('/'),
    publicKey: decodeURIComponent(url.username),
    projectId,
  };
}

/** Same scheme, ingest, project and key. */
export function sameDsn(a: Dsn, b: Dsn): boolean {
  return (
    a.protocol === b.protocol &&
    a.host.toLowerCase() === b.host.toLowerCase() &&
    a.pathPrefix === b.pathPrefix &&
    a.projectId === b.projectId &&
    a.publicKey === b.publicKey
  );
}

/** Where envelopes for this DSN are posted: `<scheme>://<host>/<prefix/>api/<projectId>/envelope/`. */
export function envelopeUrl(dsn: Dsn): string {
  const prefix = dsn.pathPrefix ? `/${dsn.pathPrefix}` : '';
  return `${dsn.protocol}//${dsn.host}${prefix}/api/${dsn.projectId}/envelope/`;
}
