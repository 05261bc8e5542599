import type { PowResponse } from './pow.worker';
import { digestOf, zeroBits } from './pow-core';

/**
 * Solves the booking page's proof-of-work challenge (docs/adr/0030) in a Web Worker (pow.worker.ts),
 * so the page stays responsive; where there is no Worker, on this thread in slices that yield to the
 * page between them. `onProgress` hears an estimate between 0 and 1. Answers the nonce.
 */
export function solveChallenge(
  challenge: string,
  difficulty: number,
  onProgress: (fraction: number) => void,
): Promise<string> {
  if (typeof Worker === 'undefined') return solveHere(challenge, difficulty, onProgress);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PowResponse>) => {
      if (event.data.done) {
        worker.terminate();
        onProgress(1);
        resolve(event.data.nonce);
      } else {
        onProgress(event.data.progress);
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The check could not run'));
    };
    worker.postMessage({ challenge, difficulty });
  });
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function solveHere(challenge: string, difficulty: number, onProgress: (fraction: number) => void) {
  const expected = 2 ** difficulty;
  for (let nonce = 0; ; nonce += 1) {
    if (zeroBits(await digestOf(challenge, nonce)) >= difficulty) {
      onProgress(1);
      return String(nonce);
    }
    if (nonce % 500 === 499) {
      onProgress(1 - Math.exp(-nonce / expected));
      await yieldToPage();
    }
  }
}
