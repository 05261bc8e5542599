import type { Permission } from '@fieldplan/shared';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { ifMatchVersion, setEtag } from './versioning.js';
import { type Actor, authorize, requireMember } from './workspace-access.js';

// The one shape of a workspace route (docs/ARCHITECTURE.md, "How a request flows"): the caller's membership,
// then the permission, then the module's service; a versioned entity's routes add If-Match and ETag.

/** The path parameters of a workspace's route, and of one of its things by id. */
export const wsParams = z.object({ ws: z.string() });
export const idParams = z.object({ ws: z.string(), id: z.string() });

/** A Fastify instance whose routes take zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
/** A request as Fastify types it for the route's zod schema. */
export type SchemaRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;
type Kysely = Db['kysely'];
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The permission a route needs and what a 403 says the caller may not do ("You don't have permission to …"). */
export type Allow = readonly [permission: Permission, action: string];

export interface MemberRoute<S extends FastifySchema> {
  method: Method;
  url: string;
  schema: S;
  /** Absent: any member may call it (the service decides). */
  allow?: Allow;
  bodyLimit?: number;
  config?: Record<string, unknown>;
  /** The answer's Cache-Control, set once the caller is let in (a read that must not be stored or reused unchecked). */
  cache?: 'no-store' | 'private, no-cache';
  run(actor: Actor, request: SchemaRequest<S>, reply: FastifyReply): Promise<unknown>;
}

/** A route of the workspace in its `:ws` parameter: 404 to a non-member, 403 without the permission, then `run`. */
export function memberRoute<S extends FastifySchema>(app: ZodApp, db: Db, route: MemberRoute<S>): void {
  const { run, allow, cache, schema, ...options } = route;
  // The generic schema's types do not pass through app.route; the request was validated by `schema`, so `run`
  // is handed it as that schema types it.
  app.route({
    ...options,
    schema: schema as FastifySchema,
    handler: async (request, reply) => {
      const actor = await requireMember(db, request, (request.params as { ws: string }).ws);
      if (allow) authorize(actor, ...allow);
      if (cache) reply.header('cache-control', cache);
      return run(actor, request as unknown as SchemaRequest<S>, reply);
    },
  });
}

/** The version an If-Match header names; `optional` answers null when there is none. */
export function basedOn(request: FastifyRequest, optional = false): number | null {
  const header = request.headers['if-match'];
  return optional && header === undefined ? null : ifMatchVersion(header);
}

/** Answers a versioned entity with its ETag (201 for one just created). */
export function withEtag<T extends { version: number }>(reply: FastifyReply, entity: T, status = 200): FastifyReply {
  setEtag(reply, entity.version);
  return reply.code(status).send(entity);
}

interface Op {
  /** The operation's description in the API document (PATCH and DELETE: `ifMatch` unless given). */
  description?: string;
  /** The permission and 403 wording, unless the entity's `read`/`write` with "see/create/edit/delete <noun>". */
  allow?: Allow;
}

/** A versioned entity's collection and member routes, each optional; the services take the database first. */
export interface VersionedRoutes<T extends { version: number }, L, Q, C, P> {
  /** The collection, like `/api/v1/workspaces/:ws/areas`; a member is `<path>/:<id>`. */
  path: string;
  /** The member's path parameter; `id` unless named. */
  id?: string;
  tags: string[];
  /** What PATCH and DELETE say about If-Match in the API document. */
  ifMatch: string;
  item: z.ZodType<T>;
  read: Permission;
  write: Permission;
  /** The entities in a 403: "You don't have permission to see <noun>". */
  noun: string;
  list?: Op & { response: z.ZodType<L>; query?: z.ZodType<Q>; run(db: Kysely, actor: Actor, query: Q): Promise<L> };
  create?: Op & { body: z.ZodType<C>; run(db: Kysely, actor: Actor, body: C): Promise<T> };
  get?: Op & { run(db: Kysely, actor: Actor, id: string): Promise<T> };
  patch?: Op & { body: z.ZodType<P>; run(db: Kysely, actor: Actor, id: string, version: number, body: P): Promise<T> };
  /** `optionalIfMatch`: a delete without If-Match deletes whatever the version, so `run` must take null for it. */
  remove?: Op & {
    optionalIfMatch?: boolean;
    run(db: Kysely, actor: Actor, id: string, version: number): Promise<unknown>;
  };
}

/**
 * Registers the routes of a versioned entity the standard way: list and create on the collection; get, patch
 * (If-Match, answers the new ETag) and delete (If-Match, 204) on a member; every answered entity carries its ETag.
 */
export function versionedRoutes<T extends { version: number }, L, Q, C, P>(
  app: ZodApp,
  db: Db,
  def: VersionedRoutes<T, L, Q, C, P>,
): void {
  const { path, tags, item, list, create, get, patch, remove } = def;
  const id = def.id ?? 'id';
  const member = `${path}/:${id}`;
  const params = z.object({ ws: z.string(), [id]: z.string() });
  const idOf = (request: FastifyRequest) => (request.params as Record<string, string>)[id] as string;
  const allow = (op: Op, permission: Permission, verb: string): Allow =>
    op.allow ?? [permission, `${verb} ${def.noun}`];
  const described = (op: Op, fallback?: string) => {
    const description = op.description ?? fallback;
    return description === undefined ? {} : { description };
  };
  const route = (method: Method, url: string, op: Op, access: Allow, schema: FastifySchema, run: Run) =>
    memberRoute(app, db, { method, url, schema: { tags, ...described(op), ...schema }, allow: access, run });

  if (list) {
    const query = list.query ? { querystring: list.query } : {};
    route(
      'GET',
      path,
      list,
      allow(list, def.read, 'see'),
      { params: wsParams, ...query, response: { 200: list.response } },
      (actor, request) => list.run(db.kysely, actor, request.query as Q),
    );
  }
  if (create) {
    const schema = { params: wsParams, body: create.body, response: { 201: item } };
    route('POST', path, create, allow(create, def.write, 'create'), schema, async (actor, request, reply) =>
      withEtag(reply, await create.run(db.kysely, actor, request.body as C), 201),
    );
  }
  if (get) {
    route(
      'GET',
      member,
      get,
      allow(get, def.read, 'see'),
      { params, response: { 200: item } },
      async (actor, request, reply) => withEtag(reply, await get.run(db.kysely, actor, idOf(request))),
    );
  }
  if (patch) {
    const schema = { ...described(patch, def.ifMatch), params, body: patch.body, response: { 200: item } };
    route('PATCH', member, patch, allow(patch, def.write, 'edit'), schema, async (actor, request, reply) => {
      const version = ifMatchVersion(request.headers['if-match']);
      return withEtag(reply, await patch.run(db.kysely, actor, idOf(request), version, request.body as P));
    });
  }
  if (remove) {
    const schema = { ...described(remove, def.ifMatch), params };
    route('DELETE', member, remove, allow(remove, def.write, 'delete'), schema, async (actor, request, reply) => {
      const version = basedOn(request, remove.optionalIfMatch);
      // Null only where optionalIfMatch says the service takes it.
      await remove.run(db.kysely, actor, idOf(request), version as number);
      return reply.code(204).send();
    });
  }
}
type Run = (actor: Actor, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A workspace's one versioned settings record: GET answers it with its ETag, PUT saves it under If-Match. */
export interface VersionedSettings<T extends { version: number }, B> {
  url: string;
  tags: string[];
  /** What PUT says about If-Match (and the first save) in the API document. */
  description: string;
  response: z.ZodType<T>;
  body: z.ZodType<B>;
  read: Allow;
  write: Allow;
  load(actor: Actor): Promise<T>;
  save(actor: Actor, version: number, body: B): Promise<T>;
}

export function versionedSettings<T extends { version: number }, B>(
  app: ZodApp,
  db: Db,
  def: VersionedSettings<T, B>,
): void {
  const { url, tags, response } = def;
  memberRoute(app, db, {
    method: 'GET',
    url,
    schema: { tags, params: wsParams, response: { 200: response } },
    allow: def.read,
    run: async (actor, _request, reply) => withEtag(reply, await def.load(actor)),
  });
  memberRoute(app, db, {
    method: 'PUT',
    url,
    schema: { tags, description: def.description, params: wsParams, body: def.body, response: { 200: response } },
    allow: def.write,
    run: async (actor, request, reply) => {
      const version = ifMatchVersion(request.headers['if-match']);
      return withEtag(reply, await def.save(actor, version, request.body as B));
    },
  });
}
