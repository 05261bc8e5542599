// The booking page's proof of work, off the main thread (docs/adr/0030): find a nonce such that
// sha256(`${challenge}:${nonce}`) starts with `difficulty` zero bits, reporting progress as it goes.
import { digestOf, zeroBits } from './pow-core';

export interface PowRequest {
  challenge: string;
  difficulty: number;
}
export type PowResponse = { done: true; nonce: string } | { done: false; progress: number };

interface WorkerScope {
  onmessage: ((event: MessageEvent<PowRequest>) => void) | null;
  postMessage(message: PowResponse): void;
}
const scope = self as unknown as WorkerScope;

async function solve({ challenge, difficulty }: PowRequest): Promise<void> {
  // 2^difficulty tries are expected; progress is an estimate against that.
  const expected = 2 ** difficulty;
  for (let nonce = 0; ; nonce += 1) {
    if (zeroBits(await digestOf(challenge, nonce)) >= difficulty) {
      scope.postMessage({ done: true, nonce: String(nonce) });
      return;
    }
    if (nonce % 1000 === 0) scope.postMessage({ done: false, progress: 1 - Math.exp(-nonce / expected) });
  }
}

scope.onmessage = (event) => {
  void solve(event.data);
};
