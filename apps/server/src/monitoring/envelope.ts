/** The header of a Sentry envelope: the JSON object on its first line; null when there is none. */
export function envelopeHeader(body: Buffer): Record<string, unknown> | null {
  const end = body.indexOf(0x0a);
  const line = body.subarray(0, end === -1 ? body.length : end).toString('utf8');
  try {
    const header: unknown = JSON.parse(line);
    return typeof header === 'object' && header !== null && !Array.isArray(header)
      ? (header as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
