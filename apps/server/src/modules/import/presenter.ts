import { type Import, importLimits, type RowProblem } from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type { ImportsTable } from '../../db/schema.js';
import { iso } from '../../lib/ids.js';
import { tooManyColumnsMessage } from './intake.js';

export type ImportRow = Selectable<ImportsTable>;

/**
 * Uploads wider than `importLimits.maxColumns` were stored before intake refused them, with a mapping
 * the answer's schema can't carry: they show as failed with the reason (and can't be started).
 */
export function isTooWide(row: ImportRow): boolean {
  return (JSON.parse(row.mapping) as unknown[]).length > importLimits.maxColumns;
}

/** `unplaced`: rows written without a position that geocoding has not placed (yet). */
export function presentImport(row: ImportRow, unplaced: number): Import {
  const shown = presentStored(row, unplaced);
  if (!isTooWide(row)) return shown;
  return {
    ...shown,
    mapping: shown.mapping.slice(0, importLimits.maxColumns),
    status: 'failed',
    error: tooManyColumnsMessage(row.file_name, shown.headers.length),
  };
}

function presentStored(row: ImportRow, unplaced: number): Import {
  return {
    id: row.id,
    kind: row.kind as Import['kind'],
    fileName: row.file_name,
    format: row.format as Import['format'],
    encoding: row.encoding,
    encodingGuessed: Number(row.encoding_guessed) === 1,
    headers: JSON.parse(row.headers) as string[],
    mapping: JSON.parse(row.mapping) as (string | null)[],
    duplicatePolicy: row.duplicate_policy as Import['duplicatePolicy'],
    status: row.status as Import['status'],
    totalRows: Number(row.total_rows),
    processedRows: Number(row.processed_rows),
    created: Number(row.created_count),
    updated: Number(row.updated_count),
    skipped: Number(row.skipped_count),
    refused: Number(row.refused_count),
    unplaced,
    geocodedRows: Number(row.geocoded_rows),
    geocodeTotal: Number(row.geocode_total),
    refusals: JSON.parse(row.refusals) as RowProblem[],
    error: row.error,
    version: Number(row.version),
    createdAt: iso(Number(row.created_at)),
    updatedAt: iso(Number(row.updated_at)),
  };
}
