import type { RealtimeConfig } from '@fieldplan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { isApiPath } from './static-spa.js';

type HeaderConfig = Pick<Config, 'PUBLIC_URL' | 'GOOGLE_MAPS_API_KEY' | 'GOOGLE_MAPS_SCRIPT_URL' | 'secureCookies'>;

/** Where the browser's realtime connection goes (the publisher's answer to `/api/v1/config`). */
export interface RealtimeTarget {
  browserConfig(request: FastifyRequest): RealtimeConfig | null;
}

const googleDefault = 'https://maps.googleapis.com';
const oneYear = 31_536_000;

/** The WebSocket origin pusher-js opens for this realtime config; null when it is this page's own. */
export function realtimeOrigin(realtime: RealtimeConfig | null): string | null {
  if (!realtime?.wsHost) return null;
  const scheme = realtime.forceTLS ? 'wss' : 'ws';
  const defaultPort = realtime.forceTLS ? 443 : 80;
  const port = realtime.wsPort && realtime.wsPort !== defaultPort ? `:${realtime.wsPort}` : '';
  return `${scheme}://${realtime.wsHost}${port}`;
}

/** The Google Maps script's origin when a key is set (the places search loads it), else null. */
function googleOrigin(config: HeaderConfig): string | null {
  if (!config.GOOGLE_MAPS_API_KEY) return null;
  return new URL(config.GOOGLE_MAPS_SCRIPT_URL ?? googleDefault).origin;
}

/** The app; the customer's tracking page; the public booking page (the one page others may frame). */
export type PageKind = 'app' | 'track' | 'book';

/**
 * The Content-Security-Policy of an HTML page (and of the service worker, whose own fetches it
 * governs). Scripts only from this origin (and Google's Maps script for the app's places search when
 * a key is set): no inline script, no eval. Styles may be inline: Leaflet and FullCalendar set style
 * attributes and inject <style>. Images from any https host: the map's tile server is a per-workspace
 * setting (plain http too when the app itself is served over http). Nothing may frame a page but the
 * public booking page, which a business embeds in its own site (docs/PRODUCT.md, Booking page): it shows
 * nothing signed in and writes only through its rate-limited public routes, so there is no one to clickjack.
 */
export function pagePolicy(kind: PageKind, config: HeaderConfig, realtime: string | null): string {
  const google = kind === 'app' ? googleOrigin(config) : null;
  const join = (...sources: (string | null)[]) => sources.filter((s): s is string => s !== null).join(' ');
  return [
    "default-src 'self'",
    `script-src ${join("'self'", google)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${join("'self'", 'data:', 'blob:', 'https:', config.secureCookies ? null : 'http:')}`,
    "font-src 'self' data:",
    // Same-origin API, error tunnel and WebSocket ('self' covers ws(s): to this host); an external
    // realtime service or the public host by name; Google's places answers.
    `connect-src ${join("'self'", realtime, google)}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${kind === 'book' ? '*' : "'none'"}`,
  ].join('; ');
}

/** JSON, problems, iCal: nothing to load, nothing to frame. */
export const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Powerful features: the app may ask for the position (technicians share theirs), the customer's
 * tracking page never; camera, microphone and the rest are off everywhere (photos will come from a
 * file input, which needs no camera permission).
 */
export function permissionsPolicy(kind: PageKind): string {
  const off = [
    'accelerometer',
    'camera',
    'display-capture',
    'gyroscope',
    'magnetometer',
    'microphone',
    'payment',
    'usb',
  ];
  return [`geolocation=${kind === 'app' ? '(self)' : '()'}`, ...off.map((f) => `${f}=()`)].join(', ');
}

function pageKind(url: string): PageKind {
  if (url.startsWith('/track/')) return 'track';
  if (url.startsWith('/book/')) return 'book';
  return 'app';
}

/**
 * Sets the security headers on every answer. A route's own Referrer-Policy (public token links say
 * `no-referrer`) is kept: the default applies only where the route set none.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: HeaderConfig, realtime: RealtimeTarget): void {
  // Both publishers answer the same for every request; the policies are built once per target.
  const built = new Map<string, Record<PageKind, string>>();
  const policiesFor = (request: FastifyRequest) => {
    const target = realtimeOrigin(realtime.browserConfig(request));
    const key = target ?? '';
    let policies = built.get(key);
    if (!policies) {
      policies = {
        app: pagePolicy('app', config, target),
        track: pagePolicy('track', config, target),
        book: pagePolicy('book', config, target),
      };
      built.set(key, policies);
    }
    return policies;
  };
  const hsts = config.secureCookies ? `max-age=${oneYear}; includeSubDomains` : null;
  const permissions: Record<PageKind, string> = {
    app: permissionsPolicy('app'),
    track: permissionsPolicy('track'),
    book: permissionsPolicy('book'),
  };

  app.addHook('onSend', (request, reply, _payload, done) => {
    const url = request.url;
    const api = isApiPath(url);
    const kind: PageKind = api ? 'app' : pageKind(url);
    reply.header('content-security-policy', api ? apiPolicy : policiesFor(request)[kind]);
    reply.header('permissions-policy', permissions[kind]);
    reply.header('x-content-type-options', 'nosniff');
    // X-Frame-Options has no "anyone": the booking page leaves it out and relies on frame-ancestors.
    if (kind !== 'book') reply.header('x-frame-options', 'DENY');
    // The tracking page's URL is its secret: never sent on to tile servers or anywhere else.
    if (kind === 'track') reply.header('referrer-policy', 'no-referrer');
    else if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'same-origin');
    if (hsts) reply.header('strict-transport-security', hsts);
    done();
  });
}
