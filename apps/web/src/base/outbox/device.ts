import type { AppDispatch } from '../store-types';
import { describeWaiting, type FlushResult, Outbox, type OutboxItem, type Sender } from './outbox';

/**
 * One kind of write the phone keeps (a status change, a note, a photo …), sent by its own feature's
 * sender. app/outbox-kinds.ts lists them; the outbox itself knows none by name.
 */
export interface OutboxKind {
  /** Each item kind it sends (`OutboxItem.kind`), with the words that count what waits. */
  nouns: Readonly<Record<string, { one: string; many: string }>>;
  sender(dispatch: AppDispatch): Sender<unknown>;
  /** Moves in, once, what an older version of the app kept elsewhere: run before the workspace's first flush. */
  adopt?(workspaceId: string, outbox: Outbox): Promise<void>;
}

/** A kind whose sender takes its own payload type. */
export function outboxKind<P>(kind: {
  nouns: OutboxKind['nouns'];
  sender(dispatch: AppDispatch): Sender<P>;
  adopt?: OutboxKind['adopt'];
}): OutboxKind {
  // An item reaches a sender only by its `kind`, which that sender's feature wrote with its own payload.
  return kind as unknown as OutboxKind;
}

const kinds: OutboxKind[] = [];

/** Registers the kinds the outbox sends (app start-up; a test that flushes does the same). Once each. */
export function registerOutboxKinds(list: readonly OutboxKind[]): void {
  for (const kind of list) if (!kinds.includes(kind)) kinds.push(kind);
}

const kindOf = (item: OutboxItem) => kinds.find((k) => Object.hasOwn(k.nouns, item.kind));

/** One outbox per workspace and page, so every screen sees the same; `ready` once older stores are moved in. */
const outboxes = new Map<string, { outbox: Outbox; ready: Promise<void> }>();

function deviceOutbox(workspaceId: string) {
  let entry = outboxes.get(workspaceId);
  if (!entry) {
    const outbox = new Outbox(globalThis.indexedDB, workspaceId);
    // A move that fails leaves the old store as it was, to be moved on the next load; the outbox goes on.
    const adopt = (kind: OutboxKind) =>
      Promise.resolve()
        .then(() => kind.adopt?.(workspaceId, outbox))
        .catch(() => undefined);
    const ready = outbox.ready.then(() => Promise.all(kinds.map(adopt))).then(() => undefined);
    // No IndexedDB (a locked-down private window): each flush meets the failure; it is no unhandled rejection.
    ready.catch(() => undefined);
    entry = { outbox, ready };
    outboxes.set(workspaceId, entry);
  }
  return entry;
}

/** The workspace's outbox on this device (IndexedDB: docs/adr/0027-offline-work-record.md). */
export function outboxFor(workspaceId: string): Outbox {
  return deviceOutbox(workspaceId).outbox;
}

/**
 * Sends what waits in the workspace's outbox, oldest first whatever its kind (a visit's answers
 * before the "completed" tapped after them), each item by its kind's sender.
 */
export async function flushOutbox(workspaceId: string, dispatch: AppDispatch): Promise<FlushResult> {
  const { outbox, ready } = deviceOutbox(workspaceId);
  await ready;
  const senders = new Map<OutboxKind, Sender<unknown>>();
  return outbox.flush(async (item, context) => {
    const kind = kindOf(item);
    // A kind this page does not know (kept by a newer version open in another tab): that tab sends it.
    if (!kind) return { kind: 'held' };
    let send = senders.get(kind);
    if (!send) {
      send = kind.sender(dispatch);
      senders.set(kind, send);
    }
    return send(item, context);
  });
}

/** "3 photos and 1 note" — what waits of `items`, counted by `nouns` (kind → words), in their order. */
export function describeItems(items: readonly OutboxItem[], nouns: OutboxKind['nouns']): string {
  const waiting = items.filter((i) => !i.failure);
  const counts = Object.entries(nouns).map(([kind, noun]) => ({
    ...noun,
    count: waiting.filter((i) => i.kind === kind).length,
  }));
  return describeWaiting(counts);
}

/** "2 status changes and 1 photo" — what waits to be sent of every registered kind; empty when nothing does. */
export function describeOutbox(items: readonly OutboxItem[]): string {
  return describeItems(items, Object.assign({}, ...kinds.map((k) => k.nouns)));
}
