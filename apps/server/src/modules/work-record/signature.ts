import { recordLimits, type Signature, type SignaturePut } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { lockChangeLog, recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { newId } from '../../lib/ids.js';
import { openVisit, openVisitToWrite, visitRefOf } from './context.js';
import { presentSignature, type SignatureRow } from './presenter.js';
import { findSignature, memberNames, signatureImage, signatureOfVisit } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  tooLarge: { id: 'problems.record.signatureTooLarge' },
  png: { id: 'problems.record.signaturePng' },
});

const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The PNG inside a `data:image/png;base64,…` URL. The bytes decide, not the label: anything but a
 * PNG is 415; over the limit is 413 naming it.
 */
export function signaturePng(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  const mime = dataUrl.slice(5, dataUrl.indexOf(';'));
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.length > recordLimits.signatureBytes) {
    throw new AppError(
      'payload_too_large',
      text(refusals.tooLarge, {
        max: String(recordLimits.signatureBytes / 1024),
        size: String(Math.ceil(bytes.length / 1024)),
      }),
    );
  }
  if (mime !== 'image/png' || bytes.length < 16 || !bytes.subarray(0, 8).equals(pngMagic)) {
    throw new AppError('unsupported_media_type', text(refusals.png));
  }
  return bytes;
}

async function present(db: Kysely<Database>, workspaceId: string, row: SignatureRow) {
  const visit = await visitRefOf(db, workspaceId, row.job_id, Number(row.occurrence_key));
  if (!visit) return undefined;
  return presentSignature(row, visit, await memberNames(db, workspaceId, [row.member_id]));
}

/** Stores the customer's signature of the visit, replacing an earlier one (signed again). */
export async function putSignature(
  db: Kysely<Database>,
  actor: Actor,
  jobId: string,
  occurrence: string | undefined,
  input: SignaturePut,
): Promise<Signature> {
  const image = signaturePng(input.image);
  return db.transaction().execute(async (trx) => {
    const visit = await openVisitToWrite(trx, actor, jobId, occurrence, 'take signatures on this visit');
    await lockChangeLog(trx, actor.workspaceId);
    const existing = await signatureOfVisit(trx, visit.key);
    const now = Date.now();
    const fields = { name: input.name, image, signed_at: Date.parse(input.signedAt), member_id: actor.memberId };
    const row: SignatureRow = {
      id: existing?.id ?? newId(),
      workspace_id: actor.workspaceId,
      job_id: jobId,
      occurrence_key: visit.occurrenceKey,
      name: fields.name,
      signed_at: fields.signed_at,
      member_id: fields.member_id,
      version: Number(existing?.version ?? 0) + 1,
      created_at: existing ? Number(existing.created_at) : now,
    };
    if (existing) {
      await trx
        .updateTable('visit_signatures')
        .set({ ...fields, version: row.version })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await trx
        .insertInto('visit_signatures')
        .values({ ...row, image })
        .execute();
    }
    await recordChange(trx, {
      workspaceId: actor.workspaceId,
      entity: 'signature',
      entityId: row.id,
      action: existing ? 'updated' : 'created',
      actorId: actor.userId,
    });
    return presentSignature(row, visit.ref, await memberNames(trx, actor.workspaceId, [row.member_id]));
  });
}

/** The visit's signature PNG: 404 when the visit has none. */
export async function getSignatureImage(
  db: Kysely<Database>,
  actor: Actor,
  jobId: string,
  occurrence: string | undefined,
): Promise<Buffer> {
  const visit = await openVisit(db, actor, jobId, occurrence);
  const image = await signatureImage(db, visit.key);
  if (!image) throw notFound('Signature');
  return image;
}

/** The signature as the API shows it, or undefined when it is not the workspace's (live events). */
export async function loadSignature(db: Kysely<Database>, workspaceId: string, id: string) {
  const row = await findSignature(db, workspaceId, id);
  return row ? present(db, workspaceId, row) : undefined;
}
