import type { ImportRow } from './presenter.js';
import type { SheetSource } from './read-rows.js';

/** How to read an import's stored file again. */
export function sourceOf(row: ImportRow): SheetSource {
  return {
    filePath: row.file_path,
    fileName: row.file_name,
    format: row.format as SheetSource['format'],
    encoding: row.encoding,
    delimiter: row.delimiter,
  };
}
