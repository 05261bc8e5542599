import { t } from '../../lib/i18n';
import type { Resized, ResizeResponse } from './resize-core';

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (r: Resized) => void; reject: (e: Error) => void }>();

function theWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./resize.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ResizeResponse>) => {
      const answer = event.data;
      const pending = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (!pending) return;
      if (answer.ok) pending.resolve(answer);
      else pending.reject(new Error(answer.message));
    };
    worker.onerror = () => {
      for (const pending of waiting.values()) pending.reject(new Error(t({ id: 'workRecord.photos.resizeFailed' })));
      waiting.clear();
      worker = null;
    };
  }
  return worker;
}

/**
 * Resizes a picked photo in a Web Worker: a JPEG of at most 2,048 px, its thumbnail, orientation applied;
 * with `keepLocation`, also where it was taken (the original's EXIF GPS).
 */
export function resizePhoto(file: Blob, options: { keepLocation?: boolean } = {}): Promise<Resized> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    waiting.set(id, { resolve, reject });
    theWorker().postMessage({ id, file, keepLocation: options.keepLocation ?? false });
  });
}

/**
 * Starts the worker ahead of the first photo: its script is fetched while the page is still online (and
 * kept by the service worker), so a photo taken later in a cellar can still be resized.
 */
export function warmResizer(): void {
  if (typeof Worker !== 'undefined') theWorker();
}
