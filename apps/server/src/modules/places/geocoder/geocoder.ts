import type { PlacesNotice } from '@fieldplan/shared';
import { fetchGeocoderJson, type GeocoderFetchOptions } from './fetch.js';
import type { GeocodedPlace, GeocodeRequest, GeocoderApi } from './types.js';

export interface GeocodeOutcome {
  places: GeocodedPlace[];
  /** Why there are no results: unreachable (or failed within the last half minute), or no slot in time. */
  notice?: PlacesNotice;
}

export interface GeocoderOptions {
  api: GeocoderApi;
  base: URL;
  fetch: GeocoderFetchOptions;
  /** The least time between two request starts; > 0 also means one request at a time. */
  minIntervalMs: number;
  /** The longest a search waits for its slot before answering without the geocoder. */
  maxWaitMs: number;
  cacheSize?: number;
  cacheTtlMs?: number;
  /** After a failure, searches skip the geocoder (with the notice) for this long. */
  downForMs?: number;
  /** Told why a request failed (the server logs it as a warning). */
  onFailure?: (reason: string) => void;
}

interface Waiter {
  key: string;
  request: GeocodeRequest;
  /** Who is waiting for it: a newer search by the same caller drops them from an older one. */
  callers: Set<string>;
  settle: (outcome: GeocodeOutcome) => void;
  timer: NodeJS.Timeout;
}

const busy: GeocodeOutcome = { places: [], notice: 'geocoder_busy' };
const unavailable: GeocodeOutcome = { places: [], notice: 'geocoder_unavailable' };

/**
 * A polite client for a shared geocoder: answers cached (LRU with a TTL) by normalised query and
 * bias, identical searches coalesced into one request, at most one request per `minIntervalMs`
 * (queued; a caller's newer search replaces their queued older one, as when typing), and a failing
 * geocoder left alone for a while. Never throws: a failure is an empty answer with a notice.
 */
export class Geocoder {
  private readonly cache = new Map<string, { places: GeocodedPlace[]; until: number }>();
  private readonly pending = new Map<string, Promise<GeocodeOutcome>>();
  private readonly queue: Waiter[] = [];
  private inFlight = 0;
  private lastStart = Number.NEGATIVE_INFINITY;
  private downUntil = 0;
  private slotTimer: NodeJS.Timeout | null = null;
  /** Requests sent to the geocoder (metrics and tests). */
  requests = 0;

  constructor(private readonly options: GeocoderOptions) {}

  /** The cache key: what is sent, normalised (case, spaces; the centre is sent rounded to 0.01°). */
  static key({ q, limit, near, lang }: GeocodeRequest): string {
    const where = near ? `${near.lat.toFixed(2)},${near.lng.toFixed(2)}` : '';
    return `${q.toLowerCase().replace(/\s+/g, ' ').trim()}|${limit}|${where}|${lang ?? ''}`;
  }

  search(request: GeocodeRequest, caller = ''): Promise<GeocodeOutcome> {
    const key = Geocoder.key(request);
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return Promise.resolve({ places: cached.places });
    }
    if (cached) this.cache.delete(key);
    if (caller) this.dropOlder(caller, key);
    const shared = this.pending.get(key);
    if (shared) {
      if (caller) this.queue.find((w) => w.key === key)?.callers.add(caller);
      return shared;
    }
    if (Date.now() < this.downUntil) return Promise.resolve(unavailable);
    const outcome = new Promise<GeocodeOutcome>((resolve) => {
      const waiter: Waiter = {
        key,
        request,
        callers: new Set(caller ? [caller] : []),
        settle: (answer) => {
          clearTimeout(waiter.timer);
          this.pending.delete(key);
          resolve(answer);
        },
        timer: setTimeout(() => this.leave(waiter, busy), this.options.maxWaitMs),
      };
      this.queue.push(waiter);
    });
    this.pending.set(key, outcome);
    this.pump();
    return outcome;
  }

  /** Stops timers; queued searches answer without the geocoder. */
  close(): void {
    if (this.slotTimer) clearTimeout(this.slotTimer);
    for (const waiter of [...this.queue]) this.leave(waiter, busy);
  }

  private leave(waiter: Waiter, answer: GeocodeOutcome): void {
    const at = this.queue.indexOf(waiter);
    if (at >= 0) this.queue.splice(at, 1);
    waiter.settle(answer);
  }

  /** A caller typed on: their queued older searches are no longer wanted (by them). */
  private dropOlder(caller: string, key: string): void {
    for (const waiter of [...this.queue]) {
      if (waiter.key === key || !waiter.callers.delete(caller)) continue;
      if (waiter.callers.size === 0) this.leave(waiter, busy);
    }
  }

  private pump(): void {
    const { minIntervalMs } = this.options;
    if (this.slotTimer || this.queue.length === 0) return;
    if (this.inFlight >= (minIntervalMs > 0 ? 1 : 4)) return;
    const wait = this.lastStart + minIntervalMs - performance.now();
    if (wait > 0) {
      this.slotTimer = setTimeout(() => {
        this.slotTimer = null;
        this.pump();
      }, wait);
      return;
    }
    const waiter = this.queue.shift() as Waiter;
    clearTimeout(waiter.timer);
    this.lastStart = performance.now();
    this.inFlight++;
    this.requests++;
    void this.send(waiter.request).then((answer) => {
      this.inFlight--;
      waiter.settle(answer);
      this.pump();
    });
    this.pump();
  }

  private async send(request: GeocodeRequest): Promise<GeocodeOutcome> {
    const { api, base, fetch, cacheSize = 2_000, cacheTtlMs = 24 * 3600_000, downForMs = 30_000 } = this.options;
    try {
      const places = api.parse(await fetchGeocoderJson(api.url(base, request), fetch));
      if (this.cache.size >= cacheSize) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(Geocoder.key(request), { places, until: Date.now() + cacheTtlMs });
      return { places };
    } catch (err) {
      this.options.onFailure?.((err as Error).message);
      this.downUntil = Date.now() + downForMs;
      return unavailable;
    }
  }
}
