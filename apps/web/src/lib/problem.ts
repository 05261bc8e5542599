import { errorTitle, isProblem, type Problem } from '@fieldplan/shared';

/** Any error a mutation's `unwrap()` throws, as a Problem (our base query only produces Problems). */
export function toProblem(error: unknown): Problem {
  if (isProblem(error)) return error;
  return {
    type: 'about:blank',
    title: errorTitle.internal,
    status: 0,
    code: 'internal',
    detail: error instanceof Error ? error.message : 'Something went wrong',
  };
}

/** One sentence for a person: the catalogue's wording, with the server's detail where it helps. */
export function problemMessage(problem: Problem): string {
  switch (problem.code) {
    case 'rate_limited':
      return problem.retryAfter
        ? `Too many attempts, try again in ${problem.retryAfter} s`
        : 'Too many attempts, try again in a minute';
    case 'internal':
      return problem.reference ? `Something went wrong (reference ${problem.reference})` : problem.detail;
    case 'unauthenticated':
      return problem.detail || errorTitle.unauthenticated;
    default:
      return problem.detail || problem.title;
  }
}
