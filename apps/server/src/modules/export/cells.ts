import { neutralise } from '../../lib/formula-text.js';

export { neutralise };

/**
 * How a value becomes a spreadsheet cell (docs/adr/0035-export-and-workspace-archive.md).
 * In CSV, text that a spreadsheet would read as a formula is neutralised (`neutralise`); an xlsx
 * cell is typed text, never run, and is written as it is. Numbers we write ourselves (coordinates,
 * priority) are never text a user typed, so a negative longitude stays a number.
 */
export type Cell = string | number | null;

export interface Column<R> {
  header: string;
  value: (row: R) => Cell;
}

/** A CSV cell as written: text neutralised, numbers as they are, null as empty. */
export function safeCell(cell: Cell): Cell {
  return typeof cell === 'string' ? neutralise(cell) : cell;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as the workspace reads it, `2026-11-26 14:05` (sortable, and every spreadsheet parses it). */
export function localDateTime(ms: number | null, zone: string): string {
  if (ms === null) return '';
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, format);
  }
  return format.format(ms);
}

/** An all-day job's date (stored as its UTC midnight), `2026-11-26`. */
export function utcDate(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString().slice(0, 10);
}
