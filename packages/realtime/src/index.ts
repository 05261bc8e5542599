export type {
  AdapterNode,
  ChannelStats,
  PresenceJoin,
  PresenceMember,
  RealtimeAdapter,
} from './adapters/adapter.js';
export { createLocalAdapter } from './adapters/local.js';
export { createRedisAdapter, type RedisAdapterOptions } from './adapters/redis.js';
export { jsonLogger, type Logger, silentLogger } from './logger.js';
export { DEFAULT_LIMITS, type RealtimeLimits, type RealtimeServerOptions } from './options.js';
export { CloseCode, ErrorCode } from './protocol/codes.js';
export { RESUME_EVENT } from './protocol/messages.js';
export { type ChannelState, createRealtimeServer, type RealtimeServer } from './server.js';
