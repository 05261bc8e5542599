import { type Cell, type Column, safeCell } from './cells.js';

/**
 * RFC 4180 CSV, UTF-8, CRLF line ends. `excel`: a byte-order mark and `;` between fields, which
 * Excel opens directly as columns in locales whose decimal mark is a comma (docs/PRODUCT.md, "Export").
 */
export interface CsvDialect {
  separator: ',' | ';';
  bom: boolean;
}

export const plainCsv: CsvDialect = { separator: ',', bom: false };
export const excelCsv: CsvDialect = { separator: ';', bom: true };

/** One field: quoted when it holds the separator, a quote, CR or LF (quotes doubled). */
export function csvField(cell: Cell, dialect: CsvDialect): string {
  const safe = safeCell(cell);
  if (safe === null) return '';
  // `;` CSV is read by locales whose decimal mark is a comma.
  const text = typeof safe === 'number' && dialect.separator === ';' ? String(safe).replace('.', ',') : String(safe);
  if (text.includes(dialect.separator) || /["\r\n]/.test(text)) return `"${text.replaceAll('"', '""')}"`;
  return text;
}

export function csvLine(cells: readonly Cell[], dialect: CsvDialect): string {
  return `${cells.map((c) => csvField(c, dialect)).join(dialect.separator)}\r\n`;
}

/** Chunks of about 64 KB: few enough writes to be fast, small enough that nothing piles up. */
const chunkChars = 64 * 1024;

/** The CSV text of the pages, a chunk at a time: one page of rows in memory, never the whole file. */
export async function* csvChunks<R>(
  columns: readonly Column<R>[],
  pages: AsyncIterable<readonly R[]>,
  dialect: CsvDialect,
): AsyncGenerator<string> {
  let buffer =
    (dialect.bom ? '\uFEFF' : '') +
    csvLine(
      columns.map((c) => c.header),
      dialect,
    );
  for await (const page of pages) {
    for (const row of page) {
      buffer += csvLine(
        columns.map((c) => c.value(row)),
        dialect,
      );
      if (buffer.length >= chunkChars) {
        yield buffer;
        buffer = '';
      }
    }
  }
  if (buffer) yield buffer;
}
