import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { type DuplicatePolicy, type ImportKind, type ImportStart, importFields, importLimits } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import { recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { AppError, fieldError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { newRowOf } from '../../lib/ids.js';
import { customerIdentities, customerLabels } from '../customers/index.js';
import { type ChunkContext, plannedAction } from './customer-chunk.js';
import { customerDraft } from './customer-rows.js';
import { analyse, dataRows } from './data-rows.js';
import { suggestMapping } from './headers.js';
import { sniffFormat, storeUpload, tooManyColumns, unsupportedFile } from './intake.js';
import { previewJobs } from './job-preview.js';
import { MatchIndex } from './match.js';
import { type ImportRow, isTooWide, presentImport } from './presenter.js';
import { findImport, recentImports, unplacedCount } from './queries.js';
import { detectDelimiter, detectEncoding, type SheetSource } from './read-rows.js';
import { changeOf } from './rows-phase.js';
import { sourceOf } from './source.js';
import { guardWorkbook } from './xlsx-guard.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  width: { id: 'problems.import.mappingWidth' },
  noField: { id: 'problems.import.noSuchField' },
  resumeOnlyFailed: { id: 'problems.import.onlyFailedResumes' },
  started: { id: 'problems.import.started' },
});

export async function present(db: Kysely<Database>, row: ImportRow) {
  return presentImport(row, await unplacedCount(db, row.id));
}

/**
 * Takes an uploaded file (docs/PRODUCT.md, "Import"): stores it, refuses what is neither CSV nor a
 * safe workbook (415) or too large (413), reads it once whole for the header and problems of the file
 * (400 on `file`), and keeps it as an import with the mapping suggested from its header.
 */
export async function receiveUpload(
  db: Kysely<Database>,
  actor: Actor,
  upload: { body: Readable; fileName: string; kind: ImportKind; dir: string },
) {
  const stored = await storeUpload(upload.body, upload.dir, upload.fileName);
  try {
    const format = sniffFormat(stored.filePath);
    if (!format) throw unsupportedFile(upload.fileName);
    if (format === 'xlsx') await guardWorkbook(stored.filePath, upload.fileName);
    const text = format === 'csv' ? await detectEncoding(stored.filePath) : { encoding: 'xlsx', guessed: false };
    const source: SheetSource = {
      filePath: stored.filePath,
      fileName: upload.fileName,
      format,
      encoding: text.encoding,
      delimiter: format === 'csv' ? await detectDelimiter(stored.filePath, text.encoding) : '',
    };
    const facts = await analyse(source);
    const row: ImportRow = {
      ...newRowOf(actor.workspaceId, Date.now()),
      kind: upload.kind,
      file_name: upload.fileName,
      file_hash: stored.hash,
      file_path: stored.filePath,
      format,
      encoding: text.encoding,
      encoding_guessed: text.guessed ? 1 : 0,
      delimiter: source.delimiter,
      headers: JSON.stringify(facts.headers),
      header_row: facts.headerRow,
      mapping: JSON.stringify(suggestMapping(upload.kind, facts.headers)),
      duplicate_policy: 'skip',
      status: 'uploaded',
      total_rows: facts.dataRows,
      processed_rows: 0,
      created_count: 0,
      updated_count: 0,
      skipped_count: 0,
      refused_count: 0,
      geocode_total: 0,
      geocoded_rows: 0,
      refusals: '[]',
      error: null,
      lease_owner: null,
      lease_until: null,
      created_by: actor.userId,
    };
    await db.insertInto('imports').values(row).execute();
    return presentImport(row, 0);
  } catch (err) {
    fs.rmSync(stored.filePath, { force: true });
    throw err;
  }
}

async function importOf(db: Kysely<Database>, actor: Actor, id: string) {
  const row = await findImport(db, actor.workspaceId, id);
  if (!row) throw notFound('Import');
  return row;
}

/** An import that can be previewed or started: not one stored too wide before intake refused such files. */
function usable(row: ImportRow): ImportRow {
  if (isTooWide(row)) throw tooManyColumns(row.file_name, (JSON.parse(row.headers) as string[]).length);
  return row;
}

/** The mapping checked against the kind's fields and the header's width (400 naming the column). */
function checkedMapping(row: ImportRow, mapping: ImportStart['mapping']) {
  const headers = JSON.parse(row.headers) as string[];
  const fields = importFields[row.kind as ImportKind] as Record<string, string>;
  if (mapping.length > headers.length) {
    const values = { mapped: String(mapping.length), columns: String(headers.length) };
    throw fieldError('mapping', text(refusals.width, values));
  }
  mapping.forEach((field, i) => {
    if (field !== null && !Object.hasOwn(fields, field)) {
      const column = String(headers[i] ?? i);
      throw fieldError(`mapping.${i}`, text(refusals.noField, { column, field, kind: row.kind }));
    }
  });
  return mapping;
}

/** The first rows as they will be saved under this mapping and policy, each with its problems and match. */
export async function previewImport(db: Kysely<Database>, actor: Actor, id: string, input: ImportStart) {
  const row = usable(await importOf(db, actor, id));
  const mapping = checkedMapping(row, input.mapping);
  if (row.kind === 'jobs') return previewJobs(db, row, mapping);
  const index = new MatchIndex();
  for (const c of await customerIdentities(db, actor.workspaceId)) index.add(c);
  const ctx = { mapping, policy: input.duplicatePolicy, index } as Pick<ChunkContext, 'mapping' | 'policy' | 'index'>;
  const rows = [];
  const facts = { headers: JSON.parse(row.headers) as string[], headerRow: Number(row.header_row) };
  for await (const data of dataRows(sourceOf(row), facts)) {
    const draft = customerDraft(data.row, data.cells, mapping);
    const planned = plannedAction(draft, data.problems, ctx as ChunkContext);
    // As the run will: a row to create is there for the rows after it (a file listing someone twice).
    if (planned.action === 'create' && draft.input) {
      index.add({
        ...draft.input,
        id: `row-${data.row}`,
        email: draft.input.email ?? null,
        phone: draft.input.phone ?? null,
      });
    }
    rows.push(planned);
    if (rows.length >= importLimits.previewRows) break;
  }
  return { rows };
}

/** Starts (or, after a failure, resumes) the import with this mapping and duplicate policy. */
export async function startImport(db: Kysely<Database>, actor: Actor, id: string, input: ImportStart | null) {
  const row = usable(await importOf(db, actor, id));
  const resuming = input === null;
  if (resuming ? row.status !== 'failed' : row.status !== 'uploaded') {
    const detail = text(resuming ? refusals.resumeOnlyFailed : refusals.started, { status: row.status });
    throw new AppError('invalid_transition', detail);
  }
  const set = resuming
    ? { status: 'running', error: null }
    : {
        status: 'running',
        mapping: JSON.stringify(checkedMapping(row, input.mapping)),
        duplicate_policy: input.duplicatePolicy satisfies DuplicatePolicy,
      };
  // A failed import resumes where it stopped: in the rows phase unless every row was written.
  const status = resuming && Number(row.processed_rows) >= Number(row.total_rows) ? 'geocoding' : 'running';
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('imports')
      .set((eb) => ({
        ...set,
        status,
        lease_owner: null,
        lease_until: null,
        version: eb('version', '+', 1),
        updated_at: Date.now(),
      }))
      .where('id', '=', row.id)
      .execute();
    await recordChange(trx, changeOf(row));
  });
  return present(db, (await findImport(db, actor.workspaceId, id)) as ImportRow);
}

export async function getImport(db: Kysely<Database>, actor: Actor, id: string) {
  return present(db, await importOf(db, actor, id));
}

export async function listImports(db: Kysely<Database>, actor: Actor) {
  const rows = await recentImports(db, actor.workspaceId);
  return { items: await Promise.all(rows.map((r) => present(db, r))) };
}

/** The import's rows that have no position yet: to place by hand on the map. */
export async function unplacedRows(db: Kysely<Database>, actor: Actor, id: string) {
  const row = await importOf(db, actor, id);
  const rows = await db
    .selectFrom('import_rows')
    .select(['row_number', 'entity_id'])
    .where('import_id', '=', row.id)
    .where('placed', '=', 0)
    .orderBy('row_number')
    .limit(500)
    .execute();
  const labels = new Map(
    (
      await customerLabels(
        db,
        actor.workspaceId,
        rows.map((r) => r.entity_id),
      )
    ).map((c) => [c.id, c]),
  );
  const items = rows.flatMap((r) => {
    const c = labels.get(r.entity_id);
    return c
      ? [{ row: Number(r.row_number), entity: 'customer' as const, id: c.id, name: c.name, address: c.address }]
      : [];
  });
  return { items };
}
