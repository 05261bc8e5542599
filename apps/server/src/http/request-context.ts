import type { FastifyRequest } from 'fastify';

/** The route label of a request that matched no route: keeps metric and report labels bounded. */
export const unmatchedRoute = '(unmatched)';

/** What a report, a log line or a metric may say about a request: patterns and ids, no personal data. */
export interface RequestContext {
  method: string;
  /** The route pattern (`/api/v1/workspaces/:ws/jobs/:id`), never the concrete URL. */
  route: string;
  workspaceId: string | null;
  userId: string | null;
}

/**
 * Where a failed request is reported (monitoring/reporter.ts is one): http knows only this, so the
 * error reporting builds on http and not the other way round.
 */
export interface RequestErrorReports {
  /** Reports a failed request; returns the event id (32 lowercase hex) the user is shown as reference. */
  captureRequestError(error: unknown, context: RequestContext & { status: number; requestId: string }): string;
}

export function requestContext(request: FastifyRequest): RequestContext {
  const params = request.params as Record<string, unknown> | undefined;
  const ws = params?.ws;
  return {
    method: request.method,
    route: request.routeOptions.url ?? unmatchedRoute,
    // Ids only, and only ids that look like ids (a path parameter is caller-supplied text).
    workspaceId: typeof ws === 'string' && /^[\w-]{1,64}$/.test(ws) ? ws : null,
    userId: request.session?.user.id ?? null,
  };
}
