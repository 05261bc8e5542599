/**
 * An iCalendar file as text: decoded (UTF-8, or UTF-16 when it starts with a byte-order mark),
 * unfolded, and cut into the blocks we read — so one malformed event can be skipped without
 * losing the rest of the file (ical.js rejects a whole file for one bad line).
 */
export function decodeCalendar(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  return bytes.toString('utf8');
}

/** Content lines with folding undone (RFC 5545 §3.1: CRLF or LF followed by a space or tab). */
export function unfoldLines(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\r/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

export interface CalendarBlocks {
  /** VTIMEZONE components, each as lines. */
  timezones: string[][];
  /** VEVENT components (with their VALARMs), each as lines. */
  events: string[][];
}

/** True when the text looks like an iCalendar file at all. */
export function isCalendar(lines: readonly string[]): boolean {
  return lines.some((l) => /^BEGIN:VCALENDAR\s*$/i.test(l));
}

/** The VTIMEZONE and VEVENT blocks of every VCALENDAR in the file (other components are ignored). */
export function calendarBlocks(lines: readonly string[]): CalendarBlocks {
  const out: CalendarBlocks = { timezones: [], events: [] };
  let current: string[] | null = null;
  let kind = '';
  let depth = 0;
  for (const line of lines) {
    const begin = /^BEGIN:([A-Za-z-]+)\s*$/i.exec(line);
    const end = /^END:([A-Za-z-]+)\s*$/i.exec(line);
    if (current === null) {
      const name = begin?.[1]?.toUpperCase();
      if (name === 'VEVENT' || name === 'VTIMEZONE') {
        current = [line];
        kind = name;
        depth = 1;
      }
      continue;
    }
    current.push(line);
    if (begin) depth++;
    else if (end) {
      depth--;
      if (depth === 0) {
        (kind === 'VEVENT' ? out.events : out.timezones).push(current);
        current = null;
      }
    }
  }
  return out;
}
