import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { normalizeText } from '../../lib/text.js';
import { searchTextOf } from '../customers/index.js';
import type { MemberPlan } from './members-map.js';
import type { Lines } from './references.js';

export interface Target {
  workspaceId: string;
  ownerMemberId: string;
  ownerUserId: string;
}

/** Rows in batches: far under SQLite's bound-variable limit, few round trips on PostgreSQL. */
async function insertBatches<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
) {
  for (let i = 0; i < rows.length; i += 200) {
    // Kysely can't relate a generic table name to its row type; the rows are typed by the caller.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + 200) as never)
      .execute();
  }
}

/** A map that makes a new id the first time it meets an old one: references stay consistent. */
function idMap() {
  const ids = new Map<string, string>();
  return (old: string) => {
    let id = ids.get(old);
    if (!id) {
      id = newId();
      ids.set(old, id);
    }
    return id;
  };
}

/** Writes every line of a checked archive into the new workspace with new ids (docs/adr/0035). */
export async function insertAll(
  trx: Transaction<Database>,
  to: Target,
  lines: Lines,
  members: MemberPlan,
  photoIds: Map<string, string>,
  signatures: Map<string, Buffer>,
): Promise<Record<string, number>> {
  const ws = to.workspaceId;
  const customer = idMap();
  const job = idMap();
  const template = idMap();
  const member = (old: string | null) => (old === null ? undefined : members.ids.get(old));
  const author = (old: string) => member(old) ?? to.ownerMemberId;
  /** A visit's address in the new workspace: its job's new id and the occurrence. */
  const visit = (v: { jobId: string; occurrenceKey: number }) => ({
    workspace_id: ws,
    job_id: job(v.jobId),
    occurrence_key: v.occurrenceKey,
  });
  const assignees = (ids: string[]) => [...new Set(ids.map((id) => member(id)).filter((id): id is string => !!id))];

  const w = lines.workspace[0];
  if (w) {
    await trx
      .updateTable('workspaces')
      .set({
        time_zone: w.timeZone,
        week_start: w.weekStart,
        time_format: w.timeFormat,
        date_format: w.dateFormat,
        default_job_minutes: w.defaultJobMinutes,
        keep_photo_location: w.keepPhotoLocation ? 1 : 0,
        working_hours: JSON.stringify(w.workingHours),
        map: JSON.stringify(w.map),
        ...(w.language !== undefined && { language: w.language }),
      })
      .where('id', '=', ws)
      .execute();
  }
  await insertBatches(
    trx,
    'customers',
    lines.customers.map((c) => ({
      id: customer(c.id),
      workspace_id: ws,
      name: c.name,
      email: c.email ?? null,
      phone: c.phone ?? null,
      address: c.address,
      lat: c.lat,
      lng: c.lng,
      notes: c.notes,
      language: c.language ?? null,
      sort_name: normalizeText(c.name),
      search_text: searchTextOf({ name: c.name, address: c.address, phone: c.phone ?? null }),
      version: c.version,
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      deleted_at: null,
    })),
  );
  await insertBatches(
    trx,
    'service_areas',
    lines.areas.map((a) => ({
      id: newId(),
      workspace_id: ws,
      name: a.name,
      sort_name: normalizeText(a.name),
      colour: a.colour,
      kind: a.kind,
      geometry: JSON.stringify(a.geometry),
      vertex_count: a.vertexCount,
      south: a.bbox[0],
      west: a.bbox[1],
      north: a.bbox[2],
      east: a.bbox[3],
      version: a.version,
      created_at: a.createdAt,
      updated_at: a.updatedAt,
    })),
  );
  await insertBatches(
    trx,
    'checklist_templates',
    lines['checklist-templates'].map((t) => ({
      id: template(t.id),
      workspace_id: ws,
      name: t.name,
      title_pattern: t.titlePattern,
      items: JSON.stringify(t.items),
      signature: t.signature,
      version: t.version,
      created_at: t.createdAt,
      updated_at: t.updatedAt,
    })),
  );
  await insertBatches(
    trx,
    'jobs',
    lines.jobs.map((j) => ({
      id: job(j.id),
      workspace_id: ws,
      customer_id: j.customerId === null ? null : customer(j.customerId),
      title: j.title,
      description: j.description,
      address: j.address,
      lat: j.lat,
      lng: j.lng,
      start_at: j.start,
      end_at: j.end,
      all_day: j.allDay ? 1 : 0,
      status: j.status,
      priority: j.priority,
      rrule: j.rrule,
      span_start_at: j.spanStart,
      span_end_at: j.spanEnd,
      flex_start_at: j.flexStart,
      flex_end_at: j.flexEnd,
      version: j.version,
      // jobs.created_by holds a user id: kept only when the maker is the uploader.
      created_by: member(j.createdBy) === to.ownerMemberId ? to.ownerUserId : null,
      created_at: j.createdAt,
      updated_at: j.updatedAt,
      deleted_at: null,
    })),
  );
  await insertBatches(
    trx,
    'job_assignees',
    lines.jobs.flatMap((j) =>
      assignees(j.assigneeIds).map((memberId, position) => ({
        job_id: job(j.id),
        member_id: memberId,
        workspace_id: ws,
        position,
      })),
    ),
  );
  await insertBatches(
    trx,
    'job_exceptions',
    lines.jobs.flatMap((j) =>
      j.exceptions.map((e) => ({
        job_id: job(j.id),
        occurrence_key: e.occurrenceKey,
        workspace_id: ws,
        kind: e.kind,
        start_at: e.start,
        end_at: e.end,
        assignee_ids: e.assigneeIds === null ? null : JSON.stringify(assignees(e.assigneeIds)),
        status: e.status,
        created_at: e.createdAt,
      })),
    ),
  );
  await insertBatches(
    trx,
    'job_checklists',
    lines['job-checklists'].map((r) => ({
      workspace_id: ws,
      job_id: job(r.jobId),
      template_id: template(r.templateId),
      position: r.position,
    })),
  );
  await insertBatches(
    trx,
    'visit_notes',
    lines.notes.map((n) => ({
      id: newId(),
      ...visit(n),
      author_id: author(n.authorId),
      body: n.body,
      version: n.version,
      created_at: n.createdAt,
      updated_at: n.updatedAt,
    })),
  );
  await insertBatches(
    trx,
    'visit_checklists',
    lines.checklists.map((c) => ({
      id: newId(),
      ...visit(c),
      // A template deleted since still names the checklist; the new id keeps answers grouped.
      template_id: template(c.templateId),
      name: c.name,
      items: JSON.stringify(c.items),
      signature: c.signature,
      answers: JSON.stringify(c.answers),
      answer_versions: JSON.stringify(c.answerVersions),
      version: c.version,
      updated_at: c.updatedAt,
      updated_by: member(c.updatedBy) ?? null,
    })),
  );
  await insertBatches(
    trx,
    'visit_signatures',
    lines.signatures.map((s) => ({
      id: newId(),
      ...visit(s),
      name: s.name,
      image: signatures.get(s.id) ?? Buffer.alloc(0),
      signed_at: s.signedAt,
      member_id: author(s.memberId),
      version: s.version,
      created_at: s.createdAt,
    })),
  );
  await insertBatches(
    trx,
    'visit_status_times',
    lines['status-times'].map((t) => ({
      ...visit(t),
      status: t.status,
      at: t.at,
      member_id: member(t.memberId) ?? null,
    })),
  );
  await insertBatches(
    trx,
    'photos',
    lines.photos.map((p) => ({
      ...visit(p),
      id: photoIds.get(p.id) as string,
      caption: p.caption,
      content_type: p.contentType,
      width: p.width,
      height: p.height,
      size: p.size,
      received: p.size,
      thumb_bytes: p.thumbBytes,
      lat: w?.keepPhotoLocation ? p.lat : null,
      lng: w?.keepPhotoLocation ? p.lng : null,
      uploaded_by: author(p.uploadedBy),
      version: p.version,
      created_at: p.createdAt,
      completed_at: p.completedAt,
    })),
  );
  return Object.fromEntries(Object.entries(lines).map(([file, rows]) => [file, rows.length]));
}
