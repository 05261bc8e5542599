import { importLimits, type RowProblem } from '@fieldplan/shared';
import { text } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';
import { tooManyColumns } from './intake.js';
import { fileProblem, type SheetSource, sheetRows } from './read-rows.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const fileRefusals = defineMessages({
  tooManyRows: { id: 'problems.import.tooManyRows' },
  empty: { id: 'problems.import.empty' },
  noData: { id: 'problems.import.noData' },
  noDataIgnored: { id: 'problems.import.noDataIgnored' },
  noNames: { id: 'problems.import.noColumnNames' },
});

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
      // The count as numbers are written in the language (10,000 in English, 10.000 in German).
      throw fileProblem(text(fileRefusals.tooManyRows, { file: source.fileName, max: importLimits.maxRows }));
    }
  }
  if (!headers) throw fileProblem(text(fileRefusals.empty, { file: source.fileName }));
  if (dataRows === 0) {
    const file = source.fileName;
    const ignored = text(fileRefusals.noDataIgnored, { file, empty: emptyRows });
    throw fileProblem(emptyRows > 0 ? ignored : text(fileRefusals.noData, { file }));
  }
  if (new Set(headers.filter(Boolean)).size === 0)
    throw fileProblem(text(fileRefusals.noNames, { file: source.fileName }));
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
