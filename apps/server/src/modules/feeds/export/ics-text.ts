// RFC 5545 text: escaping of TEXT values and folding of content lines at 75 octets.

/** Escapes a TEXT value (backslash, semicolon, comma, newline). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n|\r/g, '\\n');
}

/** Folds a content line into ≤ 75-octet pieces without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
      // Continuation lines start with a space, which counts.
      limit = 74;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Lines joined with CRLF, folded, ending in CRLF. */
export const serialise = (lines: readonly string[]): string => `${lines.map(foldLine).join('\r\n')}\r\n`;
