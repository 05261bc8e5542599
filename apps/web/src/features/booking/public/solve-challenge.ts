import type { PowResponse } from './pow.worker';

/**
 * Solves the booking page's proof-of-work challenge in a Web Worker (pow.worker.ts), so the page
 * stays responsive; `onProgress` hears an estimate between 0 and 1. Answers the nonce.
 */
export function solveChallenge(
  challenge: string,
  difficulty: number,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => worker.terminate();
    signal?.addEventListener('abort', () => {
      stop();
      reject(new DOMException('Aborted', 'AbortError'));
    });
    worker.onmessage = (event: MessageEvent<PowResponse>) => {
      if (event.data.done) {
        stop();
        onProgress(1);
        resolve(event.data.nonce);
      } else {
        onProgress(event.data.progress);
      }
    };
    worker.onerror = (event) => {
      stop();
      reject(new Error(event.message || 'The check could not run'));
    };
    worker.postMessage({ challenge, difficulty });
  });
}
