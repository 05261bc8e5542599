/**
 * The realtime server on its own port: `node --import tsx packages/realtime/src/standalone.ts`.
 * Configured by environment variables (see README.md); prints one JSON line `{"listening": port}`.
 */
import { createServer } from 'node:http';
import { createLocalAdapter } from './adapters/local.js';
import { createRedisAdapter } from './adapters/redis.js';
import { jsonLogger, type LogLevel } from './logger.js';
import type { RealtimeLimits } from './options.js';
import { createRealtimeServer } from './server.js';

const env = process.env;

function required(name: string): string {
  const value = env[name];
  if (!value) {
    process.stderr.write(`realtime: ${name} is required\n`);
    process.exit(2);
  }
  return value;
}

const optionalNumber = (name: string): number | undefined => (env[name] ? Number(env[name]) : undefined);

const logger = jsonLogger((env.LOG_LEVEL as LogLevel | undefined) ?? 'info', { service: 'realtime' });
const limits: Partial<RealtimeLimits> = {};
const activity = optionalNumber('REALTIME_ACTIVITY_TIMEOUT');
if (activity !== undefined) limits.activityTimeoutSeconds = activity;
const pong = optionalNumber('REALTIME_PONG_TIMEOUT');
if (pong !== undefined) limits.pongTimeoutSeconds = pong;
const maxSubscriptions = optionalNumber('REALTIME_MAX_SUBSCRIPTIONS');
if (maxSubscriptions !== undefined) limits.maxSubscriptionsPerConnection = maxSubscriptions;
const perAddress = optionalNumber('REALTIME_MAX_CONNECTIONS_PER_ADDRESS');
// 0: no per-address cap (behind a proxy every client has the proxy's address).
if (perAddress !== undefined)
  limits.maxConnectionsPerAddress = perAddress === 0 ? Number.POSITIVE_INFINITY : perAddress;

const redisUrl = env.REDIS_URL;
const adapter = redisUrl
  ? createRedisAdapter({
      url: redisUrl,
      prefix: env.REALTIME_REDIS_PREFIX,
      nodeTtlMs: optionalNumber('REALTIME_NODE_TTL_MS'),
      heartbeatIntervalMs: optionalNumber('REALTIME_HEARTBEAT_MS'),
      sweepIntervalMs: optionalNumber('REALTIME_SWEEP_MS'),
    })
  : createLocalAdapter();

const realtime = createRealtimeServer({
  appId: required('REALTIME_APP_ID'),
  key: required('REALTIME_KEY'),
  secret: required('REALTIME_SECRET'),
  adapter,
  allowedOrigins: env.REALTIME_ALLOWED_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean),
  limits,
  batchWrites: env.REALTIME_BATCH_WRITES !== '0',
  clientEvents: env.REALTIME_CLIENT_EVENTS === '1',
  requireSignIn: env.REALTIME_REQUIRE_SIGNIN === '1',
  logger,
});

const http = createServer((req, res) => {
  realtime.handleHttp(req, res).then(
    (handled) => {
      if (handled) return;
      const healthy = req.url === '/healthz';
      res.writeHead(healthy ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(healthy ? realtime.stats() : { error: 'Not found' }));
    },
    (err: unknown) => {
      logger.error({ err }, 'realtime: request failed');
      res.destroy();
    },
  );
});
realtime.attach(http);

await realtime.ready;
http.listen(Number(env.PORT ?? env.REALTIME_PORT ?? 6001), env.REALTIME_HOST ?? '127.0.0.1', () => {
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ listening: port, nodeId: realtime.nodeId })}\n`);
});

async function shutdown(signal: string) {
  logger.info({ signal }, 'realtime: shutting down');
  await realtime.close();
  http.close();
  http.closeAllConnections();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
