import type { ErrorCode, FieldError, Problem } from '@fieldplan/shared';
import { errorStatus, errorTitle } from '@fieldplan/shared';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  /** Path after `/api/v1`, e.g. `/me`. */
  path: string;
  body: unknown;
  /** Request headers, lower-cased names (`if-match`). */
  headers: Record<string, string>;
}

export type Responder = (request: FakeRequest) => Response | Promise<Response>;

/** A canned answer: a JSON body (200), or a function of the request returning a Response. */
export type Answer = Responder | object | string | number | boolean | null;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function problem(code: ErrorCode, detail: string, extra: { errors?: FieldError[]; retryAfter?: number } = {}) {
  const body: Problem = {
    type: `https://fieldplan.dev/errors/${code}`,
    title: errorTitle[code],
    status: errorStatus[code],
    code,
    detail,
    ...extra,
  };
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

export const noContent = () => new Response(null, { status: 204 });

/**
 * The server as the browser sees it: a `fetch` that answers "METHOD /path" from a table and
 * records every call. Unknown routes answer 404 problem+json, like the real API.
 */
export function fakeFetch(routes: Record<string, Answer>) {
  const calls: FakeRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const request = { method, path, body, headers };
    calls.push(request);
    const answer = routes[`${method} ${path}`];
    if (answer === undefined) return problem('not_found', `No route ${method} ${path}`);
    return typeof answer === 'function' ? (answer as Responder)(request) : json(answer);
  });
  return Object.assign(fn as unknown as typeof fetch, {
    calls,
    /** The calls made to one route. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  });
}

export type FakeFetch = ReturnType<typeof fakeFetch>;
