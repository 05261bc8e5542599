import fs from 'node:fs';
import chardet from 'chardet';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { fieldError } from '../../errors/app-error.js';
import { type LocalText, text } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';
import { unneutralise } from '../../lib/formula-text.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const rowRefusals = defineMessages({
  unclosed: { id: 'problems.import.unclosedQuote' },
  tooLong: { id: 'problems.import.rowTooLong' },
  unreadable: { id: 'problems.import.rowUnreadable' },
  workbook: { id: 'problems.import.notWorkbook' },
  noSheet: { id: 'problems.import.noWorksheet' },
});

export interface SheetSource {
  filePath: string;
  fileName: string;
  format: 'csv' | 'xlsx';
  /** CSV only. */
  encoding: string;
  delimiter: string;
}

/** One row of the sheet: `row` as a spreadsheet numbers it (the header's row is 1 in a plain file). */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** A problem of the file as a whole: 400 with the error on `file`, nothing written. */
export const fileProblem = (message: string | LocalText) => fieldError('file', message);

const sampleBytes = 64 * 1024;

/**
 * The CSV's encoding: a byte-order mark says it; else valid UTF-8 is UTF-8; else it is detected
 * (`guessed`): Latin-1 and ISO-8859-15 read as Windows-1252, their superset in practice.
 */
export async function detectEncoding(filePath: string): Promise<{ encoding: string; guessed: boolean }> {
  const head = Buffer.alloc(sampleBytes);
  const fd = fs.openSync(filePath, 'r');
  const n = fs.readSync(fd, head, 0, sampleBytes, 0);
  fs.closeSync(fd);
  if (n >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', guessed: false };
  if (n >= 2 && head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', guessed: false };
  if (n >= 2 && head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', guessed: false };
  if (await isUtf8(filePath)) return { encoding: 'utf-8', guessed: false };
  const detected = (chardet.detect(head.subarray(0, n)) ?? '').toLowerCase();
  const encoding =
    /^(iso-8859-1|iso-8859-15|windows-1252)$/.test(detected) || !iconv.encodingExists(detected)
      ? 'windows-1252'
      : detected;
  return { encoding, guessed: true };
}

async function isUtf8(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 1024 * 1024 })) {
      decoder.decode(chunk as Buffer, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The separator the header line uses most: comma, semicolon (German Excel), tab or pipe. */
export async function detectDelimiter(filePath: string, encoding: string): Promise<string> {
  const file = fs.createReadStream(filePath, { end: sampleBytes - 1 });
  const stream = file.pipe(iconv.decodeStream(encoding));
  let text = '';
  for await (const chunk of stream) {
    text += chunk as string;
    if (text.includes('\n')) break;
  }
  file.destroy();
  const line = (text.split('\n')[0] ?? '').replace(/"[^"]*"/g, '');
  let best = ',';
  let most = 0;
  for (const d of [',', ';', '\t', '|']) {
    const count = line.split(d).length - 1;
    if (count > most) {
      best = d;
      most = count;
    }
  }
  return best;
}

/**
 * Every row of the file (the first sheet of a workbook), empty ones included, as text cells — with the
 * `'` an export puts before a formula's first character taken off again (lib/formula-text.ts).
 */
export function sheetRows(source: SheetSource): AsyncGenerator<SheetRow> {
  return source.format === 'csv' ? csvRows(source) : xlsxRows(source);
}

interface CsvError extends Error {
  code?: string;
  lines?: number;
  records?: number;
}

async function* csvRows(source: SheetSource): AsyncGenerator<SheetRow> {
  const parser = parse({
    delimiter: source.delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: 1024 * 1024,
  });
  const file = fs.createReadStream(source.filePath);
  const input = file.pipe(iconv.decodeStream(source.encoding));
  file.on('error', (err) => parser.destroy(err));
  input.pipe(parser);
  let row = 0;
  try {
    for await (const record of parser) {
      row++;
      yield { row, cells: (record as string[]).map((c) => unneutralise(c).trim()) };
    }
  } catch (err) {
    const e = err as CsvError;
    if (e.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw fileProblem(text(rowRefusals.unclosed, { row: String(row + 1), line: String(e.lines ?? '?') }));
    }
    if (e.code === 'CSV_MAX_RECORD_SIZE') throw fileProblem(text(rowRefusals.tooLong, { row: String(row + 1) }));
    // The parser's reason stays as it words it.
    if (e.code?.startsWith('CSV_'))
      throw fileProblem(text(rowRefusals.unreadable, { row: String(row + 1), reason: e.message }));
    throw err;
  } finally {
    file.destroy();
  }
}

/**
 * A cell as text: formulas by their result, rich text joined, dates as ISO — `YYYY-MM-DD`, a time alone
 * as `HH:MM`, else `YYYY-MM-DD HH:MM`. Excel's dates are wall-clock times without a zone (exceljs hands
 * them over in UTC fields), so no offset is added: a job import reads them in the workspace's zone.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    const time = iso.slice(17, 19) === '00' ? iso.slice(11, 16) : iso.slice(11, 19);
    // Day 0 of Excel's calendar: a cell holding a time of day only.
    if (iso.startsWith('1899-12-30')) return time;
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if ('result' in v) return cellText(v.result);
    return '';
  }
  return String(value).trim();
}

async function* xlsxRows(source: SheetSource): AsyncGenerator<SheetRow> {
  // Loaded when a workbook is read: exceljs takes most of the import worker's start-up, and most files are CSV.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source.filePath, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets++;
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(unneutralise(cellText(values[i])));
        yield { row: row.number, cells };
      }
      // Only the first sheet is imported (docs/PRODUCT.md, "Import").
      break;
    }
  } catch (err) {
    if ((err as { status?: number }).status) throw err;
    throw fileProblem(text(rowRefusals.workbook, { file: source.fileName, reason: (err as Error).message }));
  }
  if (sheets === 0) throw fileProblem(text(rowRefusals.noSheet, { file: source.fileName }));
}
