import type { OutboxKind } from '../base/outbox';
import { statusOutboxKind } from '../features/my-day/outbox-kind';
import { recordOutboxKind } from '../features/work-record/record-outbox';

/**
 * Every kind of write the phone keeps in its outbox, each with its sender (base/outbox sends them in
 * one order, each by its kind). A new kind: its feature's `outboxKind(…)` and one line here.
 */
export const outboxKinds: readonly OutboxKind[] = [statusOutboxKind, recordOutboxKind];
