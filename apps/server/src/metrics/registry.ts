import type { RealtimeServer } from '@fieldplan/realtime';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database.js';

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface Metrics {
  registry: Registry;
  /** One answered request: its route pattern (never the concrete URL), status and duration. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Adds the embedded realtime server's connections and frames (an external service has its own). */
  watchRealtime(server: RealtimeServer): void;
}

/**
 * The app's Prometheus metrics, one registry per app: HTTP latency by method, route
 * pattern and status class; realtime connections and frames; the PostgreSQL pool; Node's defaults
 * (event-loop lag, heap, GC, CPU).
 */
export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'fieldplan_http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status class; _count counts requests',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const poolStats = db.poolStats?.bind(db);
  if (poolStats) {
    new Gauge({
      name: 'fieldplan_db_pool_connections',
      help: 'PostgreSQL pool clients: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = poolStats();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
    new Gauge({
      name: 'fieldplan_db_pool_max_connections',
      help: 'The PostgreSQL pool size limit',
      registers: [registry],
      collect() {
        this.set(poolStats().max);
      },
    });
  }

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = {
        method: knownMethods.has(method) ? method : 'OTHER',
        route,
        status_class: `${Math.floor(status / 100)}xx`,
      };
      httpDuration.observe(labels, seconds);
    },
    watchRealtime(server) {
      new Gauge({
        name: 'fieldplan_realtime_connections',
        help: 'Open realtime (WebSocket) connections on this process',
        registers: [registry],
        collect() {
          this.set(server.stats().connections);
        },
      });
      // The server counts frames itself; each scrape adds what it counted since the last one.
      const seen = { in: 0, out: 0 };
      new Counter({
        name: 'fieldplan_realtime_messages_total',
        help: 'Realtime frames received from (in) and sent to (out) clients on this process',
        labelNames: ['direction'] as const,
        registers: [registry],
        collect() {
          const { messagesIn, messagesOut } = server.stats();
          this.inc({ direction: 'in' }, messagesIn - seen.in);
          this.inc({ direction: 'out' }, messagesOut - seen.out);
          seen.in = messagesIn;
          seen.out = messagesOut;
        },
      });
    },
  };
}
