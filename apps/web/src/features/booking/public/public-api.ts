import {
  isProblem,
  type Place,
  type Problem,
  type PublicBookingPage,
  type PublicBookingResult,
  type PublicBookingSubmit,
  type PublicChallenge,
  type PublicSlot,
  type PublicSlots,
  type PublicSlotsRequest,
} from '@fieldplan/shared';
import { currentLocale, t } from '../../../lib/i18n';

// The public booking page's calls (docs/PRODUCT.md, "Online booking"). Plain fetch, no store: the
// page is its own small entry (book-main.tsx) and nothing here is signed in.

/** A failed call: the problem (a network failure becomes one with status 0) and, for 409, fresh slots. */
export interface BookingProblem extends Problem {
  slots?: PublicSlot[];
}

export type Answer<T> = { ok: true; data: T } | { ok: false; problem: BookingProblem };

// A function, not a constant: its words are in the page's language, known only once it renders.
const offline = (): BookingProblem => ({
  type: 'about:blank',
  title: t({ id: 'booking.problem.offline' }),
  status: 0,
  code: 'internal',
  detail: t({ id: 'booking.problem.offlineHint' }),
});

const somethingWrong = () => t({ id: 'booking.problem.failed' });

async function call<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(`/api/public/book/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json, application/problem+json',
        'accept-language': currentLocale(),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'omit',
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, problem: offline() };
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    // an empty or non-JSON body: handled below as a plain failure
  }
  if (response.ok) return { ok: true, data: parsed as T };
  if (isProblem(parsed)) {
    const retry = Number(response.headers.get('retry-after'));
    const problem: BookingProblem = { ...parsed };
    if (!problem.retryAfter && Number.isFinite(retry) && retry > 0) problem.retryAfter = retry;
    return { ok: false, problem };
  }
  return { ok: false, problem: { ...offline(), status: response.status, detail: somethingWrong() } };
}

const slugPath = (slug: string) => encodeURIComponent(slug);

export const bookingPage = (slug: string) => call<PublicBookingPage>(slugPath(slug));

export const searchPlaces = (slug: string, q: string, signal: AbortSignal) =>
  call<Place[]>(`${slugPath(slug)}/places?q=${encodeURIComponent(q)}`, undefined, signal);

export const findSlots = (slug: string, body: PublicSlotsRequest, signal?: AbortSignal) =>
  call<PublicSlots>(`${slugPath(slug)}/slots`, body, signal);

export const newChallenge = (slug: string) => call<PublicChallenge>(`${slugPath(slug)}/challenge`, {});

export const submitRequest = (slug: string, body: PublicBookingSubmit) =>
  call<PublicBookingResult>(`${slugPath(slug)}/requests`, body);

/** A problem's message for the customer: the server's detail is written for people. */
export function messageOf(problem: BookingProblem): string {
  if (problem.code === 'rate_limited') {
    const wait = problem.retryAfter;
    const base = problem.detail && !/^too many/i.test(problem.detail) ? `${problem.detail} ` : '';
    const again = wait
      ? t({ id: 'booking.problem.retryIn' }, { wait: waitText(wait) })
      : t({ id: 'booking.problem.retryMinute' });
    return `${base}${again}`.trim();
  }
  return problem.detail || problem.title || somethingWrong();
}

/** "45 seconds", "3 minutes", "1 hour". */
export function waitText(seconds: number): string {
  if (seconds < 90) return t({ id: 'booking.problem.seconds' }, { count: Math.max(1, Math.round(seconds)) });
  if (seconds < 3600) return t({ id: 'booking.problem.minutes' }, { count: Math.round(seconds / 60) });
  return t({ id: 'booking.problem.hours' }, { count: Math.round(seconds / 3600) });
}
