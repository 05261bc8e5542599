/** The longest side of a stored photo: enough to read a meter or a serial plate, far below a camera's 4,000+ px. */
export const photoMaxSide = 2048;
/** The thumbnail's longest side: the record's grid and the office panel. */
export const thumbMaxSide = 320;

export interface ResizeRequest {
  id: number;
  file: Blob;
  /** Read where the photo was taken from its EXIF (the workspace keeps photo locations). */
  keepLocation?: boolean;
}

export interface Resized {
  blob: Blob;
  width: number;
  height: number;
  /** base64 JPEG, no data: prefix. */
  thumbnail: string;
  /** From the original's EXIF GPS, when asked and present (the re-encoded JPEG has no EXIF). */
  location?: { lat: number; lng: number } | null;
}

export type ResizeResponse = ({ id: number; ok: true } & Resized) | { id: number; ok: false; message: string };

/** The size that fits `max` on the longest side, never enlarging. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function encode(bitmap: ImageBitmap, max: number, quality: number) {
  const size = fitWithin(bitmap.width, bitmap.height, max);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images off screen');
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return { blob: await canvas.convertToBlob({ type: 'image/jpeg', quality }), ...size };
}

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * Decodes with the EXIF orientation applied ('from-image'), re-encodes as JPEG at most 2,048 px and a
 * ~320 px thumbnail. Re-encoding keeps no EXIF, so the camera's GPS position never leaves the phone.
 */
export async function encodeResized(file: Blob): Promise<Resized> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const full = await encode(bitmap, photoMaxSide, 0.85);
    const thumb = await encode(bitmap, thumbMaxSide, 0.7);
    return {
      blob: full.blob,
      width: full.width,
      height: full.height,
      thumbnail: base64(new Uint8Array(await thumb.blob.arrayBuffer())),
    };
  } finally {
    bitmap.close();
  }
}
