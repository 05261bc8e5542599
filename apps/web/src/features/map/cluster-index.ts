import type { WorkerRequest } from './cluster.worker';
import { buildIndex, type ClusterAnswer, type ClusterInput, clusterLeaves, queryIndex } from './cluster-core';

/** A cluster index: queried per view, built in a Web Worker for large sets (main thread otherwise). */
export interface PointIndex {
  query(bbox: [number, number, number, number], zoom: number): Promise<ClusterAnswer>;
  expansionZoom(clusterId: number): Promise<number>;
  /** The indices of the points a cluster holds. */
  leaves(clusterId: number): Promise<number[]>;
  destroy(): void;
}

/** Above this many points the index is built off the main thread (≈ 20 ms of work on it below). */
export const workerThreshold = 4000;

function inlineIndex(input: ClusterInput): PointIndex {
  const index = buildIndex(input);
  return {
    query: async (bbox, zoom) => queryIndex(index, bbox, zoom),
    expansionZoom: async (id) => index.getClusterExpansionZoom(id),
    leaves: async (id) => clusterLeaves(index, id),
    destroy: () => {},
  };
}

type Reply = { answer?: ClusterAnswer; zoom?: number; leaves?: number[]; error?: string };

/**
 * One worker for the page, started with the map code (so it is warm when the first points come)
 * and shared by every index: requests carry the index's id.
 */
class ClusterWorker {
  private readonly worker = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private seq = 0;
  failed = false;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<Reply & { seq: number }>) => {
      const done = this.pending.get(event.data.seq);
      this.pending.delete(event.data.seq);
      done?.(event.data);
    };
    this.worker.onerror = () => {
      this.failed = true;
      for (const done of this.pending.values()) done({ error: 'worker failed' });
      this.pending.clear();
    };
  }

  send(message: Omit<WorkerRequest, 'seq'>, transfer: Transferable[] = []): Promise<Reply> {
    return new Promise((resolve) => {
      this.seq += 1;
      this.pending.set(this.seq, resolve);
      this.worker.postMessage({ ...message, seq: this.seq }, transfer);
    });
  }
}

let shared: ClusterWorker | null = null;
/** Starts the shared worker (idempotent); null where module workers are unavailable. */
export function clusterWorker(): ClusterWorker | null {
  if (shared && !shared.failed) return shared;
  if (typeof Worker === 'undefined') return null;
  try {
    shared = new ClusterWorker();
  } catch {
    shared = null;
  }
  return shared;
}

let nextIndexId = 0;

async function workerIndex(worker: ClusterWorker, input: ClusterInput): Promise<PointIndex> {
  const id = ++nextIndexId;
  // Copies move to the worker, so the caller's arrays stay usable for a fallback.
  const copy = { coords: input.coords.slice(), groups: input.groups.slice() };
  const loaded = await worker.send({ type: 'load', index: id, input: copy } as Omit<WorkerRequest, 'seq'>, [
    copy.coords.buffer,
    copy.groups.buffer,
  ]);
  if (loaded.error) throw new Error(loaded.error);
  return {
    query: async (bbox, zoom) => {
      const reply = await worker.send({ type: 'query', index: id, bbox, zoom } as Omit<WorkerRequest, 'seq'>);
      return reply.answer ?? { packed: new Float64Array(), clusterGroups: new Int32Array() };
    },
    expansionZoom: async (clusterId) =>
      (await worker.send({ type: 'expand', index: id, clusterId } as Omit<WorkerRequest, 'seq'>)).zoom ?? 16,
    leaves: async (clusterId) =>
      (await worker.send({ type: 'leaves', index: id, clusterId } as Omit<WorkerRequest, 'seq'>)).leaves ?? [],
    destroy: () => void worker.send({ type: 'drop', index: id } as Omit<WorkerRequest, 'seq'>),
  };
}

export async function createPointIndex(input: ClusterInput): Promise<PointIndex> {
  const worker = input.coords.length / 2 > workerThreshold ? clusterWorker() : null;
  if (worker) {
    try {
      return await workerIndex(worker, input);
    } catch {
      // A browser that refuses module workers still gets a (slower) index.
    }
  }
  return inlineIndex(input);
}
