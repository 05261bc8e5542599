/** What an HTTP API handler answers: a status and a JSON body (errors are `{ "error": "…" }`). */
export interface ApiResult {
  status: number;
  body: unknown;
}

export const ok = (body: unknown = {}): ApiResult => ({ status: 200, body });
export const fail = (status: number, error: string): ApiResult => ({ status, body: { error } });

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The comma-separated `info` attributes of a request. */
export const infoAttributes = (info: unknown): Set<string> =>
  new Set(typeof info === 'string' && info !== '' ? info.split(',').map((s) => s.trim()) : []);
