export {
  describeItems,
  describeOutbox,
  flushOutbox,
  type OutboxKind,
  outboxFor,
  outboxKind,
  registerOutboxKinds,
} from './device';
export { outboxDbName } from './idb';
export * from './outbox';
export { type NewItem, useOutbox } from './use-outbox';
