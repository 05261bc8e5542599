import type { PhotoContentType } from '@fieldplan/shared';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../errors/app-error.js';
import type { ObjectStorage } from '../../storage/index.js';
import { fileKey, thumbKey } from './keys.js';
import { extensionOf } from './magic.js';
import type { PhotoRow } from './queries.js';

/**
 * Sends a photo's bytes (or its thumbnail) as the image type its bytes were checked to be: never
 * sniffed by the browser, named for download, kept only in the member's own browser cache.
 */
export async function sendPhotoFile(
  reply: FastifyReply,
  storage: ObjectStorage,
  row: PhotoRow,
  which: 'file' | 'thumb',
): Promise<FastifyReply> {
  const key = which === 'file' ? fileKey(row.workspace_id, row.id) : thumbKey(row.workspace_id, row.id);
  const stat = await storage.stat(key);
  const stream = stat && (await storage.get(key));
  if (!stat || !stream) throw notFound('Photo');
  // The stored type is the one the bytes showed at completion; thumbnails are JPEGs made by the browser.
  const type = which === 'file' ? (row.content_type as PhotoContentType) : 'image/jpeg';
  const name = `photo-${row.id}${which === 'thumb' ? '-thumb' : ''}.${extensionOf[type]}`;
  return reply
    .header('content-type', type)
    .header('content-length', stat.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', 'private, max-age=3600')
    .send(stream);
}
