import type { Import, RowProblem } from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type { ImportsTable } from '../../db/schema.js';
import { iso } from '../../lib/ids.js';

export type ImportRow = Selectable<ImportsTable>;

/** `unplaced`: rows written without a position that geocoding has not placed (yet). */
export function presentImport(row: ImportRow, unplaced: number): Import {
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
