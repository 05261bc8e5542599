import { type ChangeEvent, workspaceChannels } from '@fieldplan/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { DeferredPublish, RecordedChange } from '../db/outbox.js';
import { type LiveEntities, presentChanges } from './live-entity.js';
import type { RealtimePublisher } from './publisher.js';

/** Pusher's (and our server's) limit on an event's data. */
const maxEventBytes = 10 * 1024;

/** An entity too large for one message travels as its id: clients fetch it with `/changes?after=`. */
export function fitEvent(event: ChangeEvent): ChangeEvent {
  if (Buffer.byteLength(JSON.stringify(event)) <= maxEventBytes) return event;
  return { seq: event.seq, entity: event.entity, action: event.action, data: { id: event.data.id }, truncated: true };
}

const sameRow = (a: RecordedChange, row: { entity: string; entity_id: string; action: string; at: number }) =>
  a.entity === row.entity && a.entityId === row.entity_id && a.action === row.action && a.at === Number(row.at);

/**
 * Publishes the changes a request recorded once they are known to be committed: a row is published
 * only if the log holds it as recorded (a rolled-back transaction's row is absent, or its seq was
 * taken by a later writer with another row). Each process publishes only what its own requests wrote;
 * publishing is serial per process, so one request's changes leave in seq order. `entities` (the
 * modules' list) present each change, so this file knows no entity.
 */
export function createChangePublisher(
  db: Db,
  entities: LiveEntities,
  publisher: RealtimePublisher,
  log: FastifyBaseLogger,
) {
  let queue: Promise<void> = Promise.resolve();

  async function publishWorkspace(workspaceId: string, recorded: RecordedChange[]): Promise<void> {
    const rows = await db.kysely
      .selectFrom('changes')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where(
        'seq',
        'in',
        recorded.map((c) => c.seq),
      )
      .orderBy('seq')
      .execute();
    const committed = rows.filter((row) => recorded.some((c) => c.seq === Number(row.seq) && sameRow(c, row)));
    if (committed.length === 0) return;
    const events = await presentChanges(entities, db.kysely, workspaceId, committed, { kind: 'channel' });
    const channel = workspaceChannels.changes(workspaceId);
    for (const event of events) {
      try {
        await publisher.publish(channel, 'change', fitEvent(event));
      } catch (err) {
        // Clients see the gap in seq at the next event (or reconnect) and catch up through /changes.
        log.warn({ err, workspaceId, seq: event.seq }, 'realtime: publishing a change failed');
      }
    }
  }

  async function publishCommitted(changes: readonly RecordedChange[]): Promise<void> {
    const byWorkspace = new Map<string, RecordedChange[]>();
    for (const change of changes) {
      byWorkspace.set(change.workspaceId, [...(byWorkspace.get(change.workspaceId) ?? []), change]);
    }
    for (const [workspaceId, recorded] of byWorkspace) await publishWorkspace(workspaceId, recorded);
  }

  async function publishDeferred(deferred: readonly DeferredPublish[]): Promise<void> {
    for (const build of deferred) {
      for (const message of await build(db.kysely)) {
        try {
          await publisher.publish(message.channel, message.event, message.data);
        } catch (err) {
          log.warn({ err, channel: message.channel }, 'realtime: publishing a message failed');
        }
      }
    }
  }

  return {
    /**
     * Queues a request's recorded changes, then its deferred messages (built from committed state);
     * resolves when they (and everything queued before) are out.
     */
    enqueue(changes: readonly RecordedChange[], deferred: readonly DeferredPublish[] = []): Promise<void> {
      queue = queue
        .then(async () => {
          await publishCommitted(changes);
          await publishDeferred(deferred);
        })
        .catch((err: unknown) => log.error({ err }, 'realtime: publishing changes failed'));
      return queue;
    },
    /** Resolves when everything queued so far is published (shutdown waits for it). */
    drain: (): Promise<void> => queue,
  };
}

export type ChangePublisher = ReturnType<typeof createChangePublisher>;
