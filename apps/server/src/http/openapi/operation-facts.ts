/** What the operations table (operations.ts and its operations-<area>.ts parts) says of one operation. */

export interface OperationFacts {
  /** The operationId: a verb and a noun, unique, camelCase (a generated client's method name). */
  id: string;
  /** One line, sentence case, no full stop. */
  summary: string;
  /**
   * `session` (default): 401 without one. `public`: no session needed. `optional`: public, but a
   * session changes what it does (sign-out ends it; accepting an invitation joins the signed-in user).
   */
  access?: 'session' | 'public' | 'optional';
  /** Takes `If-Match: <version>` (400 without it, 412 when stale). */
  ifMatch?: true;
  /** Counted per address or account (429 with Retry-After). */
  rateLimited?: true;
  /**
   * `false`: never answers the 503 `unavailable` problem — it needs no database, or (readiness)
   * answers 503 in its own shape.
   */
  unavailable?: false;
  /**
   * Further catalogue statuses it can answer (404 beyond path ids, 409, 410 gone, 502 feed_unreachable,
   * 507 storage_full where it stores files).
   */
  also?: readonly (404 | 409 | 410 | 502 | 507)[];
  /** Succeeds with 204 and no body. */
  noContent?: true;
  /** Answers its route schema cannot describe (a non-JSON body, a probe's own 503), as written in the document. */
  answers?: Record<string, OpenApiAnswer>;
  /** A request body its route schema cannot describe (raw bytes), as written in the document. */
  requestBody?: { description: string; required: true; content: Record<string, { schema: Record<string, unknown> }> };
}

/** An OpenAPI response object, as the document writes it. */
export interface OpenApiAnswer {
  description: string;
  content?: Record<string, { schema: Record<string, unknown> }>;
}

/** How a versioned entity's operations name it: `one`/`many` in operationIds, `a`/`some` in summaries. */
export interface EntityNames {
  one: string;
  many: string;
  a: string;
  some: string;
}
type CrudOperation = 'list' | 'create' | 'get' | 'update' | 'delete';

/**
 * The facts of a versioned entity's standard operations (http/versioned-routes.ts): `list…`, `create…`, `get…`,
 * `update…` under If-Match and `delete…` under If-Match answering 204 — those of `only` that the entity has.
 */
export function versionedOperations(
  path: string,
  names: EntityNames,
  only: readonly CrudOperation[] = ['list', 'create', 'get', 'update', 'delete'],
  member = '{id}',
): Record<string, OperationFacts> {
  const all: Record<CrudOperation, [string, OperationFacts]> = {
    list: [`GET ${path}`, { id: `list${names.many}`, summary: `List ${names.some}` }],
    create: [`POST ${path}`, { id: `create${names.one}`, summary: `Create ${names.a}` }],
    get: [`GET ${path}/${member}`, { id: `get${names.one}`, summary: `Get ${names.a}` }],
    update: [`PATCH ${path}/${member}`, { id: `update${names.one}`, summary: `Edit ${names.a}`, ifMatch: true }],
    delete: [
      `DELETE ${path}/${member}`,
      { id: `delete${names.one}`, summary: `Delete ${names.a}`, ifMatch: true, noContent: true },
    ],
  };
  return Object.fromEntries(only.map((op) => all[op]));
}
