import type { SwaggerTransformObject } from '@fastify/swagger';
import { errorStatus } from '@fieldplan/shared';
import { operationDescriptions } from './descriptions.js';
import type { OperationFacts } from './operation-facts.js';
import { operations } from './operations.js';
import { declaredTags } from './tags.js';

// Completes the document @fastify/swagger builds from the routes' zod schemas with what those
// schemas cannot say: operationIds and summaries, who may call each operation, and the
// problem+json answers it can give. One place, so a new route cannot forget a part of it.

const problemMedia = 'application/problem+json';
const problemRef = '#/components/schemas/Problem';

/** The one error body of the API, as in the catalogue. */
export const problemSchema = {
  type: 'object',
  description: 'Every error answer (RFC 9457 problem details, with a machine-readable `code`).',
  required: ['type', 'title', 'status', 'code', 'detail'],
  properties: {
    type: { type: 'string', description: 'A URI naming the error code.' },
    title: { type: 'string', description: 'What the user sees, by code; English in every language.' },
    status: { type: 'integer', description: 'The HTTP status again.' },
    code: { type: 'string', enum: Object.keys(errorStatus), description: 'The catalogue code.' },
    detail: {
      type: 'string',
      description:
        "What went wrong with this request; names the field. In the request's language (the user's own, else Accept-Language; Content-Language says which).",
    },
    errors: {
      type: 'array',
      description: 'For 400: one entry per field.',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: {
          path: { type: 'string', description: 'Dotted path of the field; empty for the whole body.' },
          message: { type: 'string', description: "What is wrong with the field, in the request's language." },
        },
      },
    },
    reference: { type: 'string', description: 'For 500: matches the error report and the log line.' },
    retryAfter: {
      type: 'integer',
      description: 'For 429, 503 and 507: seconds to wait (also the Retry-After header).',
    },
    currentVersion: { type: 'integer', description: 'For 412: the version the entity is at now.' },
    current: { type: 'object', description: 'For 412: the entity as it is now.' },
  },
} as const;

/** What each status means for any operation that can give it (the catalogue's code first). */
const statusMeaning: Record<number, string> = {
  400: 'validation_failed: a field of the path, query, headers or body is missing or invalid (one entry per field in `errors`).',
  401: 'unauthenticated: no valid session; sign in first.',
  403: "forbidden: the caller's role lacks the permission, or a cookie-carrying write came from another origin.",
  404: 'not_found: no such resource, or it is in a workspace the caller is not an active member of.',
  409: 'invalid_transition: the status change is not allowed from the current status.',
  410: 'gone: the link was used, withdrawn or has expired.',
  412: 'version_conflict: If-Match names an older version; `currentVersion` and `current` tell the entity as it is now.',
  413: 'payload_too_large: the body is over the limit (256 KB unless the operation says otherwise).',
  415: 'unsupported_media_type: the body is not in a content type this operation reads.',
  429: 'rate_limited: too many requests from this address or for this account; wait Retry-After seconds.',
  431: 'headers_too_large: the URL and headers together are over the limit of the server (16 KB).',
  500: 'internal: an unexpected error; `reference` matches the error report.',
  502: 'feed_unreachable: the outside service (a calendar feed, the error-reporting ingest) did not answer properly.',
  503: 'unavailable: the database cannot be reached right now; retry later.',
  507: 'storage_full: the file storage (disk or bucket) has no room; nothing of this file was kept, send it again after Retry-After.',
};

type Security = Record<string, string[]>[];
const securityOf: Record<NonNullable<OperationFacts['access']>, Security> = {
  session: [{ session: [] }],
  public: [],
  // Either no credentials or the session (OpenAPI's empty requirement object means "none").
  optional: [{}, { session: [] }],
};

const writes = new Set(['post', 'put', 'patch']);

interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Security;
  parameters?: { in: string; name: string; required?: boolean; [key: string]: unknown }[];
  requestBody?: unknown;
  responses?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** The error statuses an operation can answer, from its method, path, parameters and facts. */
export function errorStatuses(method: string, path: string, op: OpenApiOperation, facts: OperationFacts): number[] {
  const write = writes.has(method);
  const access = facts.access ?? 'session';
  // Any request can be refused by Node's parser for an over-long URL or headers.
  const out = new Set<number>([431, 500]);
  if (write || facts.ifMatch || (op.parameters?.length ?? 0) > 0 || op.requestBody) out.add(400);
  if (access === 'session') out.add(401);
  // Permissions are checked per workspace; the cross-origin check refuses any cookie-carrying write.
  if (write || method === 'delete' || path.includes('/workspaces/{ws}')) out.add(403);
  if (/\{\w+\}/.test(path)) out.add(404);
  if (facts.ifMatch) out.add(412);
  if (write) {
    out.add(413);
    out.add(415);
  }
  if (facts.rateLimited) out.add(429);
  if (facts.unavailable !== false) out.add(503);
  for (const status of facts.also ?? []) out.add(status);
  return [...out].sort((a, b) => a - b);
}

function errorResponse(status: number): Record<string, unknown> {
  return {
    description: statusMeaning[status] ?? 'An error',
    ...((status === 429 || status === 503 || status === 507) && {
      headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
    }),
    content: { [problemMedia]: { schema: { $ref: problemRef } } },
  };
}

const ifMatchHeader = {
  in: 'header',
  name: 'If-Match',
  required: true,
  description: 'The version the change is based on (`3`, `"3"` or `W/"3"`): the ETag of the last read.',
  schema: { type: 'string' },
};

/** Fills one operation in place from its facts. */
function completeOperation(method: string, path: string, op: OpenApiOperation, facts: OperationFacts): void {
  op.operationId ??= facts.id;
  op.summary ??= facts.summary;
  op.description ??= operationDescriptions[`${method.toUpperCase()} ${path}`];
  op.security = securityOf[facts.access ?? 'session'];
  if (facts.ifMatch && !op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'if-match')) {
    op.parameters = [...(op.parameters ?? []), ifMatchHeader];
  }
  if (facts.requestBody) op.requestBody ??= facts.requestBody;
  const responses = { ...(op.responses ?? {}) };
  if (facts.noContent && responses['200'] && !responses['200'].content) {
    delete responses['200'];
    responses['204'] = { description: 'Done; no body.' };
  }
  Object.assign(responses, facts.answers);
  for (const status of errorStatuses(method, path, op, facts)) {
    responses[String(status)] ??= errorResponse(status);
  }
  op.responses = responses;
}

interface OpenApiObject {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/**
 * A zod tuple of like items (`[lng, lat]`) reaches OpenAPI 3.0 as `items: {anyOf: [number, number]}`;
 * one of them says the same without the duplicate (and a client generator makes a plain array).
 */
function collapseDuplicateAnyOf(node: unknown): void {
  if (Array.isArray(node)) {
    for (const child of node) collapseDuplicateAnyOf(child);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  for (const child of Object.values(schema)) collapseDuplicateAnyOf(child);
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length > 1 && new Set(anyOf.map((s) => JSON.stringify(s))).size === 1) {
    delete schema.anyOf;
    Object.assign(schema, anyOf[0]);
  }
}

/**
 * @fastify/swagger's `transformObject`: completes every operation that has facts in the table.
 * One without facts is left as it is (the test of the document names it).
 */
export const completeDocument: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  // A loose view of the same object: the plugin's OpenAPI types don't allow filling it in place.
  const doc = documentObject.openapiObject as unknown as OpenApiObject;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const facts = operations[`${method.toUpperCase()} ${path}`];
      if (facts) completeOperation(method, path, op, facts);
    }
  }
  collapseDuplicateAnyOf(doc.paths);
  doc.tags = declaredTags(doc);
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Problem: problemSchema } };
  return documentObject.openapiObject;
};
