import { importLimits, type RowProblem } from '@fieldplan/shared';
import { tooManyColumns } from './intake.js';
import { fileProblem, type SheetSource, sheetRows } from './read-rows.js';

export interface FileFacts {
  headers: string[];
  /** The header's row (the first row with any text). */
  headerRow: number;
  dataRows: number;
  emptyRows: number;
}

const isEmpty = (cells: readonly string[]) => cells.every((c) => c === '');

/**
 * Reads the whole file once before anything is written (docs/adr/0034-import.md): the header, how
 * many data rows follow, and every problem of the file as a whole (an unclosed quote, no rows, too
 * many rows, more than `importLimits.maxColumns` columns) as a 400 on `file` — so a broken file
 * imports nothing.
 */
export async function analyse(source: SheetSource): Promise<FileFacts> {
  let headers: string[] | null = null;
  let headerRow = 0;
  let dataRows = 0;
  let emptyRows = 0;
  for await (const { row, cells } of sheetRows(source)) {
    if (isEmpty(cells)) {
      if (headers) emptyRows++;
      continue;
    }
    if (!headers) {
      headers = trimTrailing(cells);
      headerRow = row;
      if (headers.length > importLimits.maxColumns) throw tooManyColumns(source.fileName, headers.length);
      continue;
    }
    dataRows++;
    if (dataRows > importLimits.maxRows) {
      throw fileProblem(
        `${source.fileName} has more than ${importLimits.maxRows.toLocaleString('en')} rows: split it into smaller files`,
      );
    }
  }
  if (!headers) throw fileProblem(`${source.fileName} is empty: it needs a header row and at least one row of data`);
  const ignored = emptyRows > 0 ? ` (${emptyRows.toLocaleString('en')} empty rows ignored)` : '';
  if (dataRows === 0) throw fileProblem(`${source.fileName} has a header row but no rows of data${ignored}`);
  if (new Set(headers.filter(Boolean)).size === 0) throw fileProblem(`${source.fileName} has no column names`);
  return { headers, headerRow, dataRows, emptyRows };
}

function trimTrailing(cells: readonly string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end--;
  return cells.slice(0, end);
}

export interface DataRow {
  row: number;
  cells: string[];
  /** A problem of the row's shape (more cells than the header has columns). */
  problems: RowProblem[];
}

/** The rows after the header, empty ones left out, each with its shape's problem. */
export async function* dataRows(source: SheetSource, facts: Pick<FileFacts, 'headerRow' | 'headers'>) {
  const columns = facts.headers.length;
  for await (const { row, cells } of sheetRows(source)) {
    if (row <= facts.headerRow || isEmpty(cells)) continue;
    const filled = trimTrailing(cells).length;
    const problems: RowProblem[] =
      filled > columns
        ? [{ row, field: 'row', message: `Row ${row} has ${filled} fields but the header has ${columns} columns` }]
        : [];
    yield { row, cells, problems } satisfies DataRow;
  }
}
