/// <reference lib="webworker" />
import { buildIndex, type ClusterInput, clusterLeaves, queryIndex } from './cluster-core';

// Builds and queries cluster indexes off the main thread: 100,000 points take ~0.3 s to index,
// which would otherwise freeze the page. One worker serves every map of the page (ids per index).

export type WorkerRequest =
  | { type: 'load'; seq: number; index: number; input: ClusterInput }
  | { type: 'query'; seq: number; index: number; bbox: [number, number, number, number]; zoom: number }
  | { type: 'expand'; seq: number; index: number; clusterId: number }
  | { type: 'leaves'; seq: number; index: number; clusterId: number }
  | { type: 'drop'; seq: number; index: number };

const indexes = new Map<number, ReturnType<typeof buildIndex>>();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  if (message.type === 'load') {
    indexes.set(message.index, buildIndex(message.input));
    scope.postMessage({ seq: message.seq });
    return;
  }
  if (message.type === 'drop') {
    indexes.delete(message.index);
    scope.postMessage({ seq: message.seq });
    return;
  }
  const index = indexes.get(message.index);
  if (!index) {
    scope.postMessage({ seq: message.seq, error: 'no such index' });
  } else if (message.type === 'query') {
    const answer = queryIndex(index, message.bbox, message.zoom);
    scope.postMessage({ seq: message.seq, answer }, [answer.packed.buffer, answer.clusterGroups.buffer]);
  } else if (message.type === 'leaves') {
    scope.postMessage({ seq: message.seq, leaves: clusterLeaves(index, message.clusterId) });
  } else {
    scope.postMessage({ seq: message.seq, zoom: index.getClusterExpansionZoom(message.clusterId) });
  }
};
