export { outboxDbName } from './idb';
export * from './outbox';
