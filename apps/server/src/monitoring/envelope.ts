import { scrubData, scrubEvent } from '@fieldplan/shared';

/** The header of a Sentry envelope: the JSON object on its first line; null when there is none. */
export function envelopeHeader(body: Buffer): Record<string, unknown> | null {
  const end = body.indexOf(0x0a);
  const line = body.subarray(0, end === -1 ? body.length : end).toString('utf8');
  return parseObject(line);
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const newline = 0x0a;
/** Items that carry a whole error or transaction event: scrubbed as events (user, request, breadcrumbs). */
const eventItems = new Set(['event', 'transaction']);
/** Header fields the ingest routes by; the DSN would be mangled by the email pattern of the scrubber. */
const keptHeaderKeys = new Set(['dsn', 'event_id', 'sent_at', 'sdk']);

/**
 * The envelope with personal data scrubbed again, as the server's own reports are: the browser
 * scrubs before sending, but what arrives here is whatever a client chose to send. Event payloads go
 * through the event scrubber, other JSON payloads (sessions, client reports) through the generic one;
 * a payload that is not JSON (an attachment, a replay) can't be checked and is dropped. Item lengths
 * are rewritten to match. Null when the envelope's structure is broken.
 */
export function scrubEnvelope(body: Buffer): Buffer | null {
  let at = body.indexOf(newline);
  if (at === -1) at = body.length;
  const header = parseObject(body.subarray(0, at).toString('utf8'));
  if (!header) return null;
  const lines: string[] = [JSON.stringify(scrubHeader(header))];
  let pos = at + 1;
  while (pos < body.length) {
    let end = body.indexOf(newline, pos);
    if (end === -1) end = body.length;
    const headerLine = body.subarray(pos, end).toString('utf8');
    pos = end + 1;
    if (headerLine.trim() === '') continue;
    const itemHeader = parseObject(headerLine);
    if (!itemHeader) return null;
    let payload: Buffer;
    if (typeof itemHeader.length === 'number') {
      if (!Number.isInteger(itemHeader.length) || itemHeader.length < 0 || pos + itemHeader.length > body.length) {
        return null;
      }
      payload = body.subarray(pos, pos + itemHeader.length);
      pos += itemHeader.length;
      if (body[pos] === newline) pos += 1;
    } else {
      let payloadEnd = body.indexOf(newline, pos);
      if (payloadEnd === -1) payloadEnd = body.length;
      payload = body.subarray(Math.min(pos, body.length), payloadEnd);
      pos = payloadEnd + 1;
    }
    const scrubbed = scrubPayload(String(itemHeader.type ?? ''), payload.toString('utf8'));
    if (scrubbed === null) continue;
    const length = Buffer.byteLength(scrubbed);
    lines.push(JSON.stringify('length' in itemHeader ? { ...itemHeader, length } : itemHeader), scrubbed);
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

function scrubHeader(header: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(header)) out[key] = keptHeaderKeys.has(key) ? value : scrubData(value);
  return out;
}

/** The payload as scrubbed JSON text, or null when it is not JSON and so can't be checked. */
function scrubPayload(type: string, text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (eventItems.has(type) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return JSON.stringify(scrubEvent(value));
  }
  return JSON.stringify(scrubData(value));
}
