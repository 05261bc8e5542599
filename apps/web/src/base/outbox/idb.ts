/**
 * The few IndexedDB calls the outbox needs, as promises. IndexedDB rather than localStorage: it holds
 * Blobs (photos) without base64, it is not capped at a few MB, and it survives closing the browser
 * (docs/adr/0027-offline-work-record.md).
 */
export const outboxDbName = 'fieldplan-outbox';
export const outboxStore = 'items';

export function openOutboxDb(factory: IDBFactory, name = outboxDbName): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(outboxStore, { keyPath: 'id' });
      store.createIndex('scope', 'scope');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('The outbox database is blocked by another tab'));
  });
}

function done<T>(request: IDBRequest<T>, tx: IDBTransaction): Promise<T> {
  return new Promise((resolve, reject) => {
    // Resolve on the transaction's completion: only then is the write on disk.
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('Outbox transaction aborted'));
  });
}

export function getAllIn<T>(db: IDBDatabase, scope: string): Promise<T[]> {
  const tx = db.transaction(outboxStore, 'readonly');
  return done(tx.objectStore(outboxStore).index('scope').getAll(IDBKeyRange.only(scope)) as IDBRequest<T[]>, tx);
}

export function getOne<T>(db: IDBDatabase, id: string): Promise<T | undefined> {
  const tx = db.transaction(outboxStore, 'readonly');
  return done(tx.objectStore(outboxStore).get(id) as IDBRequest<T | undefined>, tx);
}

export function putOne(db: IDBDatabase, value: unknown): Promise<IDBValidKey> {
  const tx = db.transaction(outboxStore, 'readwrite');
  return done(tx.objectStore(outboxStore).put(value), tx);
}

export function deleteOne(db: IDBDatabase, id: string): Promise<undefined> {
  const tx = db.transaction(outboxStore, 'readwrite');
  return done(tx.objectStore(outboxStore).delete(id), tx);
}

/** Where the ids already moved in from an older store are remembered (listed by no workspace's outbox). */
const adoptedScope = '~adopted';

/**
 * Puts `values` whose ids were never moved in under `source` before, and remembers their ids, in one
 * transaction: a second run (another tab, a page closed before the old store was cleared) adds
 * nothing twice, not even an item that was sent and removed meanwhile. Returns how many were added.
 */
export function adoptOnce(db: IDBDatabase, source: string, values: readonly { id: string }[]): Promise<number> {
  const tx = db.transaction(outboxStore, 'readwrite');
  const store = tx.objectStore(outboxStore);
  const markerId = `${adoptedScope}:${source}`;
  let added = 0;
  const read = store.get(markerId) as IDBRequest<{ ids: string[] } | undefined>;
  read.onsuccess = () => {
    const ids = new Set(read.result?.ids ?? []);
    for (const value of values) {
      if (ids.has(value.id)) continue;
      store.put(value);
      ids.add(value.id);
      added += 1;
    }
    store.put({ id: markerId, scope: adoptedScope, ids: [...ids] });
  };
  return done(read, tx).then(() => added);
}
