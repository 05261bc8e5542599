import { errorTitle, isProblem, type Problem } from '@fieldplan/shared';
import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import { askConflict, promptedConflicts } from './conflict-prompt';

/** What the store hands every request: the outside world, injectable so tests can fake it. */
export interface ApiExtra {
  fetchFn: typeof fetch;
  /** Called when a signed-in call answers 401: the session ended (sign-out elsewhere, deactivation). */
  onUnauthenticated: () => void;
}

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Extra request headers (`If-Match` on versioned writes). */
  headers?: Record<string, string>;
}

/**
 * A write to the version of a record the user saw: with `If-Match` the server answers 412 when it
 * has changed since, instead of overwriting someone else's change.
 */
export const versionedWrite = (
  method: NonNullable<ApiRequest['method']>,
  url: string,
  version: number,
  body?: unknown,
): ApiRequest => ({ url, method, body, headers: { 'if-match': `"${version}"` } });

/** Endpoints where 401 is an expected answer (wrong password, not signed in yet), not a lost session. */
const authEndpoints = new Set(['getMe', 'signIn', 'signUp', 'signOut', 'previewInvitation', 'acceptInvitation']);

function networkProblem(queued: boolean): Problem {
  return {
    type: 'about:blank',
    title: "Can't reach Fieldplan",
    status: 0,
    code: 'internal',
    detail: queued
      ? "You're offline. The change is kept and sent when you're back online."
      : 'Check your connection and try again.',
  };
}

interface ApiStateShape {
  api: { config: { online: boolean } };
  failures: { conflict: unknown };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Marks a request already sent again after a 503 that asked for a quick retry. */
const sentAgain = Symbol('sentAgain');

/**
 * A 503 `unavailable` with Retry-After of at most a second: the server's answer to a write that met
 * another at once (a deadlock) and was rolled back. An outage answers with a longer wait and is left
 * to the failure toast.
 */
const isMetAnotherWrite = (problem: Problem) =>
  problem.status === 503 &&
  problem.code === 'unavailable' &&
  problem.retryAfter !== undefined &&
  problem.retryAfter <= 1;

const pause = (seconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, seconds * 1000);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** What an answer brings besides its body: its headers (`transformResponse` reads them as `meta`). */
export interface ApiMeta {
  headers: Headers;
}

/**
 * Sends JSON to `/api/v1` and answers `{data}` or `{error: Problem}`. Every failure becomes a
 * Problem (a non-problem body or a network failure is wrapped in one), so screens handle one shape.
 */
export const apiBaseQuery: BaseQueryFn<ApiRequest | string, unknown, Problem, object, ApiMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const { fetchFn, onUnauthenticated } = api.extra as ApiExtra;
  const request = typeof args === 'string' ? { url: args } : args;
  const init: RequestInit = {
    method: request.method ?? 'GET',
    headers: { accept: 'application/json, application/problem+json' },
    credentials: 'same-origin',
    signal: api.signal,
  };
  // A problem's detail and field messages come in the page's language (docs/PRODUCT.md, "Error catalogue"):
  // the one LanguageProvider sets on <html> (read there, so the schedule model's server tests need no i18n).
  const page = (globalThis as { document?: { documentElement: { lang: string } } }).document;
  const pageLanguage = page?.documentElement.lang;
  if (pageLanguage) init.headers = { ...init.headers, 'accept-language': pageLanguage };
  if (request.headers) init.headers = { ...init.headers, ...request.headers };
  if (request.body !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetchFn(`/api/v1${request.url}`, init);
  } catch {
    const state = api.getState() as ApiStateShape;
    return { error: networkProblem(api.type === 'mutation' && !state.api.config.online) };
  }
  const body = await readBody(response);
  if (response.ok) return { data: body, meta: { headers: response.headers } };
  const retryHeader = Number(response.headers.get('retry-after'));
  const problem: Problem = isProblem(body)
    ? { ...body, retryAfter: body.retryAfter ?? (retryHeader || undefined) }
    : {
        type: 'about:blank',
        title: errorTitle.internal,
        status: response.status,
        code: 'internal',
        detail: `The server answered ${response.status}`,
      };
  if (isMetAnotherWrite(problem) && !(sentAgain in (extraOptions ?? {}))) {
    // The server rolled the write back whole (it met another at the same moment): send it once more.
    await pause(problem.retryAfter as number, api.signal);
    return apiBaseQuery(request, api, { ...extraOptions, [sentAgain]: true });
  }
  if (response.status === 401 && !authEndpoints.has(api.endpoint)) onUnauthenticated();
  const prompted = promptedConflicts[api.endpoint];
  if (prompted && problem.code === 'version_conflict' && problem.currentVersion !== undefined && request.headers) {
    const state = api.getState() as ApiStateShape;
    const answer = await askConflict(
      api.dispatch,
      state.failures.conflict !== null,
      prompted.noun,
      problem,
      request.body,
    );
    if (answer === 'keep') {
      // Keep mine: the same change, sent on top of their version.
      const again = { ...request, headers: { ...request.headers, 'if-match': `"${problem.currentVersion}"` } };
      return apiBaseQuery(again, api, extraOptions);
    }
    // Reload: take theirs; the caller still gets the 412, so its form can say what happened.
    api.dispatch(reloadTag(prompted.tag));
  }
  return { error: problem };
};

export const tagTypes = [
  'Me',
  'Workspace',
  'Member',
  'Invitation',
  'Customer',
  'Job',
  'CalendarEvents',
  'Area',
  'Feed',
  'FeedToken',
  'Busy',
  'TravelLegs',
  'Booking',
] as const;
export type TagType = (typeof tagTypes)[number];

/** The one RTK Query api; each feature adds its endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes,
  // A screen opened again refetches data older than 30 s: a safety net for when live updates are off
  // (no realtime service, or disconnected); while connected, src/realtime keeps the caches current.
  refetchOnMountOrArgChange: 30,
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

/** Refetches everything tagged `tag` (after a conflict, to show their version). */
function reloadTag(tag: TagType) {
  return api.util.invalidateTags([tag]);
}
