import { createHash } from 'node:crypto';
import { type ErrorCode, errorStatus, type Problem, type Role, roles } from '@fieldplan/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';
import { Client, type ClientOptions, uniqueEmail } from './harness.js';

export type Res = LightMyRequestResponse;

/** The owner-like caller of a workspace: a signed-in client and the workspace it manages. */
export interface WorkspaceCaller {
  client: Client;
  workspaceId: string;
}

export const ws = (workspaceId: string, rest = '') => `/api/v1/workspaces/${workspaceId}${rest}`;

/**
 * Asserts a problem+json answer (docs/PRODUCT.md, "Error catalogue"): the status, the content type and the keys
 * every error carries; returns the body.
 */
export function expectProblem(res: Res, status: number, code?: ErrorCode): Problem {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json() as Problem;
  expect(body).toEqual(
    expect.objectContaining({
      type: expect.any(String),
      title: expect.any(String),
      status,
      code: expect.any(String),
      detail: expect.any(String),
    }),
  );
  expect(errorStatus[body.code]).toBe(status);
  if (code) expect(body.code).toBe(code);
  expect(body.detail.length).toBeGreaterThan(0);
  return body;
}

/** The `errors[].path` of a 400. */
export function errorPaths(res: Res): string[] {
  return ((res.json() as Problem).errors ?? []).map((e) => e.path);
}

/** Asserts a 400 validation_failed with an error on `path` (and a message); returns that message. */
export function expectFieldError(res: Res, path: string): string {
  const body = expectProblem(res, 400, 'validation_failed');
  const error = body.errors?.find((e) => e.path === path);
  expect(error, `no error on "${path}" in ${res.body}`).toBeDefined();
  expect(error?.message.length).toBeGreaterThan(0);
  return error?.message ?? '';
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The token at the end of an invitation link `…/invite/<token>`. */
export function tokenFromUrl(url: string): string {
  const match = /\/invite\/([^/?#]+)$/.exec(url);
  if (!match?.[1]) throw new Error(`not an invitation link: ${url}`);
  return match[1];
}

export async function countRows(db: Db, table: keyof Database, where?: { workspaceId: string }): Promise<number> {
  let query = db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  if (where) query = query.where('workspace_id' as never, '=', where.workspaceId as never);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface CreatedInvitation {
  id: string;
  email: string;
  role: Role;
  url: string;
  token: string;
}

/** The caller (an owner) invites `email` with `role`; asserts 201. */
export async function createInvitation(
  owner: WorkspaceCaller,
  role: Role,
  email = uniqueEmail(role),
): Promise<CreatedInvitation> {
  const res = await owner.client.post(ws(owner.workspaceId, '/invitations'), { email, role });
  if (res.statusCode !== 201) throw new Error(`invitation failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { id: string; url: string };
  return { id: body.id, email, role, url: body.url, token: tokenFromUrl(body.url) };
}

export const memberPassword = 'member password 123';

export interface InvitedMember {
  client: Client;
  email: string;
  password: string;
  name: string;
  userId: string;
  memberId: string;
  workspaceId: string;
  role: Role;
}

/** One member of each role in the owner's workspace, named "The <role>" (the role × route tables). */
export async function memberOfEachRole(
  app: FastifyInstance,
  owner: WorkspaceCaller,
): Promise<Record<Role, InvitedMember>> {
  const byRole = {} as Record<Role, InvitedMember>;
  for (const role of roles) byRole[role] = await inviteMember(app, owner, role, { name: `The ${role}` });
  return byRole;
}

/**
 * Invites a new person with `role` and accepts the invitation as a new account, in a fresh
 * client (its own cookies); returns that signed-in client and the new member's ids.
 */
export async function inviteMember(
  app: FastifyInstance,
  owner: WorkspaceCaller,
  role: Role,
  options: { name?: string; email?: string; client?: ClientOptions } = {},
): Promise<InvitedMember> {
  const invitation = await createInvitation(owner, role, options.email);
  const client = new Client(app, options.client);
  const name = options.name ?? `A ${role}`;
  const res = await client.post(`/api/v1/invitations/${invitation.token}/accept`, { name, password: memberPassword });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  const me = res.json() as { user: { id: string }; memberships: { workspaceId: string; memberId: string }[] };
  const membership = me.memberships.find((m) => m.workspaceId === owner.workspaceId);
  if (!membership) throw new Error('accepting made no membership');
  return {
    client,
    email: invitation.email,
    password: memberPassword,
    name,
    userId: me.user.id,
    memberId: membership.memberId,
    workspaceId: owner.workspaceId,
    role,
  };
}

/** Signs in a fresh client; asserts 200. */
export async function signIn(app: FastifyInstance, email: string, password: string, options?: ClientOptions) {
  const client = new Client(app, options);
  const res = await client.post('/api/v1/auth/sign-in', { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { client, me: res.json() as { user: { id: string }; memberships: { workspaceId: string; role: Role }[] } };
}

/** The changes log of one workspace, oldest first. */
export function changesOf(db: Db, workspaceId: string) {
  return db.kysely
    .selectFrom('changes')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('seq')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, seq: Number(r.seq) })));
}

/** Every route the app registered (HEAD left out), read from Fastify's route tree. */
export function listRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    parents.length = depth;
    const url = (depth > 0 ? (parents[depth - 1] ?? '') : '') + (match[2] ?? '');
    parents[depth] = url;
    for (const method of (match[3] ?? '').split(',')) {
      const m = method.trim();
      if (m && m !== 'HEAD') routes.push({ method: m, url });
    }
  }
  return routes;
}

/**
 * Workspace routes of the schedule (customers, jobs, calendar, service areas). jobs-access.test.ts
 * holds the role × route and isolation tables of customers, jobs and calendar, areas-access.test.ts
 * those of `areasPath`, realtime-access.test.ts those of `realtimePath`; permissions.test.ts and isolation.test.ts hold the rest, so between them
 * every registered workspace route is covered (exports and the archive: export.test.ts, archive.test.ts).
 */
export const schedulePath =
  /^\/api\/v1\/workspaces\/:ws\/(customers|jobs|calendar|areas|changes|locations|feeds|feed-tokens|tracking-links|my-day|optimise-day|travel-legs|notes|checklist-templates|photos|notification-settings|notification-optouts|imports|booking|exports|archive)/;
/** The service-area routes, covered by areas-access.test.ts. */
export const areasPath = /^\/api\/v1\/workspaces\/:ws\/areas/;
/** Calendar feeds, iCal links and busy time, covered by feeds/feeds-access.test.ts. */
export const feedsPath = /^\/api\/v1\/workspaces\/:ws\/(feeds|feed-tokens|calendar\/busy)/;
/** The change log and live locations, covered by realtime-access.test.ts. */
export const realtimePath = /^\/api\/v1\/workspaces\/:ws\/(changes|locations)/;
/** The field routes (customers' tracking links, the technician's day), covered by tracking-access.test.ts. */
export const trackingPath = /^\/api\/v1\/workspaces\/:ws\/(tracking-links|my-day)/;
/**
 * A visit's work record (notes, checklists, signature, photos): work-record-access.test.ts covers the
 * notes, checklist and signature routes, photos-access.test.ts those of photos.
 */
export const recordPath =
  /^\/api\/v1\/workspaces\/:ws\/(jobs\/:id\/(record|notes|checklists|signature|photos)|notes|checklist-templates|photos)/;
/** Customer notifications' settings and a job's notifications, covered by notifications-access.test.ts. */
export const notificationsPath =
  /^\/api\/v1\/workspaces\/:ws\/(notification-settings|notification-optouts|jobs\/:id\/notifications)/;
/** Online booking's settings, services and requests, covered by booking-office.test.ts. */
export const bookingPath = /^\/api\/v1\/workspaces\/:ws\/booking/;
/** The import of customers, covered by import-access.test.ts. */
export const importPath = /^\/api\/v1\/workspaces\/:ws\/imports/;
/** Suggested slots for a job, covered by suggest-access.test.ts. */
export const suggestPath = /^\/api\/v1\/workspaces\/:ws\/jobs\/:id\/suggestions/;
/** Optimise a technician's day, covered by optimise-day-access.test.ts. */
export const optimisePath = /^\/api\/v1\/workspaces\/:ws\/optimise-day/;
/** Spreadsheet exports and the workspace archive, covered by export.test.ts and archive.test.ts. */
export const exportPath = /^\/api\/v1\/workspaces\/:ws\/(exports|archive)/;
/** The drives between visits, covered by travel-legs-access.test.ts. */
export const travelLegsPath = /^\/api\/v1\/workspaces\/:ws\/travel-legs/;
