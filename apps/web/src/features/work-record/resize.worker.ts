// Resizes a photo off the main thread (docs/adr/0027-offline-work-record.md): decoding and encoding a
// 12-megapixel camera JPEG takes long enough to freeze the page on a phone.
import { exifHeadBytes, readExifGps } from './exif-gps';
import { encodeResized, type ResizeRequest, type ResizeResponse } from './resize-core';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ResizeRequest>) => void) | null;
  postMessage(message: ResizeResponse): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, file, keepLocation } = event.data;
  const location = keepLocation
    ? file
        .slice(0, exifHeadBytes)
        .arrayBuffer()
        .then(readExifGps, () => null)
    : Promise.resolve(null);
  Promise.all([encodeResized(file), location]).then(
    ([result, place]) => scope.postMessage({ id, ok: true, ...result, location: place }),
    (error: unknown) =>
      scope.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : 'Could not read the image',
      }),
  );
};
