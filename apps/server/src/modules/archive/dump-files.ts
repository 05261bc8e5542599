import type { ArchiveLine } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { n, nn, visitRef } from './line-values.js';

/** Completed photos (an unfinished upload is not a photo yet), read whole before the zip starts. */
export async function photoRows(db: Kysely<Database>, workspaceId: string): Promise<ArchiveLine<'photos'>[]> {
  const rows = await db
    .selectFrom('photos')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('completed_at', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((p) => ({
    id: p.id,
    ...visitRef(p),
    caption: p.caption,
    contentType: p.content_type as 'image/jpeg' | 'image/png' | 'image/webp',
    width: n(p.width),
    height: n(p.height),
    size: n(p.size),
    thumbBytes: n(p.thumb_bytes),
    lat: nn(p.lat),
    lng: nn(p.lng),
    uploadedBy: p.uploaded_by,
    version: n(p.version),
    createdAt: n(p.created_at),
    completedAt: n(p.completed_at),
  }));
}

/** Signatures without their images (read one at a time as the zip reaches them). */
export async function signatureRows(db: Kysely<Database>, workspaceId: string): Promise<ArchiveLine<'signatures'>[]> {
  const rows = await db
    .selectFrom('visit_signatures')
    .select(['id', 'job_id', 'occurrence_key', 'name', 'signed_at', 'member_id', 'version', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
  return rows.map((s) => ({
    id: s.id,
    ...visitRef(s),
    name: s.name,
    signedAt: n(s.signed_at),
    memberId: s.member_id,
    version: n(s.version),
    createdAt: n(s.created_at),
  }));
}

export async function signatureImage(db: Kysely<Database>, id: string): Promise<Buffer> {
  const row = await db.selectFrom('visit_signatures').select('image').where('id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.image) : Buffer.alloc(0);
}
