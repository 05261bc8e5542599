import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from '../context.js';
import { BodyTooLarge, readBody } from './body.js';
import { channelUsers, listChannels, showChannel } from './channels.js';
import { triggerBatch, triggerEvent } from './events.js';
import { type ApiResult, fail, ok } from './result.js';
import { verifySignedRequest } from './signature.js';

/**
 * Handles a request under `/apps/:appId/`; resolves false (without touching `res`) for any other path.
 * `body` is the raw body when a framework already read it (the Fastify plugin does).
 */
export type HttpApiHandler = (req: IncomingMessage, res: ServerResponse, body?: string) => Promise<boolean>;

const APPS_PATH = /^\/apps\/([^/]+)(\/.*)?$/;

export function createHttpApi(ctx: ServerContext): HttpApiHandler {
  return async (req, res, givenBody) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const match = APPS_PATH.exec(path);
    if (!match) return false;
    let result: ApiResult;
    try {
      result = await handle(ctx, req, path, q < 0 ? '' : url.slice(q + 1), match[1] ?? '', match[2] ?? '', givenBody);
    } catch (err) {
      ctx.logger.error({ err, path }, 'realtime: HTTP API request failed');
      result = fail(500, 'Internal error');
    }
    const body = JSON.stringify(result.body);
    res.writeHead(result.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    return true;
  };
}

async function handle(
  ctx: ServerContext,
  req: IncomingMessage,
  path: string,
  rawQuery: string,
  appId: string,
  rest: string,
  givenBody: string | undefined,
): Promise<ApiResult> {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'POST') return fail(405, 'Only GET and POST');
  if (safeDecode(appId) !== ctx.appId) return fail(404, 'Unknown app');
  let body: string;
  try {
    body = givenBody ?? (await readBody(req, ctx.limits.maxHttpBodyBytes));
  } catch (err) {
    if (err instanceof BodyTooLarge) return fail(413, err.message);
    throw err;
  }
  const verdict = verifySignedRequest(
    { method, path, rawQuery, body },
    ctx.key,
    ctx.secret,
    ctx.limits.maxClockSkewSeconds,
  );
  if (!verdict.ok) return fail(verdict.status, verdict.error);

  return route(ctx, method, rest.split('/').slice(1).map(safeDecode), verdict.params, body);
}

/** `segments` are the decoded path parts after `/apps/:appId/`. */
function route(
  ctx: ServerContext,
  method: string,
  segments: string[],
  params: Map<string, string>,
  body: string,
): Promise<ApiResult> | ApiResult {
  const [resource, name, action] = segments;
  const count = segments.length;
  if (method === 'POST' && count === 1 && resource === 'events') return triggerEvent(ctx, body);
  if (method === 'POST' && count === 1 && resource === 'batch_events') return triggerBatch(ctx, body);
  if (method === 'GET' && resource === 'channels') {
    if (count === 1) return listChannels(ctx, params);
    if (count === 2 && name) return showChannel(ctx, name, params);
    if (count === 3 && name && action === 'users') return channelUsers(ctx, name);
  }
  if (method === 'POST' && count === 3 && resource === 'users' && name && action === 'terminate_connections') {
    ctx.terminateUser(name);
    return ok();
  }
  return fail(404, 'Not found');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
