import type { PhotoContentType } from '@fieldplan/shared';

/** Bytes needed to tell the three image types apart. */
export const sniffBytes = 12;

/**
 * The image type the first bytes show, or null for anything else (SVG, HTML, PDF, a renamed file …).
 * Only these signatures pass, whatever the client declared: what is stored and served is an image.
 */
export function sniffImage(head: Uint8Array): PhotoContentType | null {
  const at = (i: number) => head[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => at(i) === b)) return 'image/png';
  const ascii = (from: number, text: string) => [...text].every((c, i) => at(from + i) === c.charCodeAt(0));
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return null;
}

/** The file name extension served for a type. */
export const extensionOf: Record<PhotoContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
