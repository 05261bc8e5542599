import type { CalendarEvent, Customer, Job, JobChange, Role } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.js';
import { createTestApp, type Owner, signUpOwner, type TestContext } from './harness.js';
import {
  countRows,
  type InvitedMember,
  inviteMember,
  memberOfEachRole,
  type Res,
  type WorkspaceCaller,
  ws,
} from './helpers.js';

/** `If-Match` with a version, quoted like an ETag. */
export const ifMatch = (version: number | string) => ({ 'if-match': `"${version}"` });

/** A workspace with an owner, a dispatcher, two technicians and a viewer. */
export interface Team {
  owner: Owner;
  dispatcher: InvitedMember;
  tech1: InvitedMember;
  tech2: InvitedMember;
  viewer: InvitedMember;
}

export async function createTeam(app: FastifyInstance, options: { timeZone?: string } = {}): Promise<Team> {
  const owner = await signUpOwner(app, 'Olga Owner');
  if (options.timeZone) {
    const res = await owner.client.patch(ws(owner.workspaceId), { timeZone: options.timeZone });
    expect(res.statusCode, res.body).toBe(200);
  }
  const [dispatcher, tech1, tech2, viewer] = await Promise.all([
    inviteMember(app, owner, 'dispatcher', { name: 'Dora Dispatch' }),
    inviteMember(app, owner, 'technician', { name: 'Tim Tech' }),
    inviteMember(app, owner, 'technician', { name: 'Tara Tech' }),
    inviteMember(app, owner, 'viewer', { name: 'Vic Viewer' }),
  ]);
  return { owner, dispatcher, tech1, tech2, viewer };
}

/** For a role × route table: an app, a team with one more member of each role, and another workspace's team. */
export interface TwoTeams {
  ctx: TestContext;
  team: Team;
  other: Team;
  byRole: Record<Role, InvitedMember>;
}

export async function twoTeams(makeTeam: (app: FastifyInstance) => Promise<Team> = createTeam): Promise<TwoTeams> {
  const ctx = await createTestApp();
  const team = await makeTeam(ctx.app);
  const other = await makeTeam(ctx.app);
  return { ctx, team, other, byRole: await memberOfEachRole(ctx.app, team.owner) };
}

export const validCustomer = (overrides: Record<string, unknown> = {}) => ({
  name: 'Anna Schmidt',
  email: 'anna@example.test',
  phone: '+49 30 1234567',
  address: 'Kastanienallee 12, 10435 Berlin',
  lat: 52.538,
  lng: 13.409,
  ...overrides,
});

export async function createCustomer(caller: WorkspaceCaller, overrides: Record<string, unknown> = {}) {
  const res = await caller.client.post(ws(caller.workspaceId, '/customers'), validCustomer(overrides));
  if (res.statusCode !== 201) throw new Error(`customer create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Customer;
}

export const validJob = (overrides: Record<string, unknown> = {}) => ({
  title: 'Boiler service',
  address: 'Torstraße 1, 10119 Berlin',
  lat: 52.529,
  lng: 13.401,
  ...overrides,
});

export async function createJob(caller: WorkspaceCaller, overrides: Record<string, unknown> = {}) {
  const res = await caller.client.post(ws(caller.workspaceId, '/jobs'), validJob(overrides));
  if (res.statusCode !== 201) throw new Error(`job create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Job;
}

export async function getJob(caller: WorkspaceCaller, id: string) {
  const res = await caller.client.get(ws(caller.workspaceId, `/jobs/${id}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Job;
}

/** PATCH a job with its current version; `query` adds scope/occurrence. */
export function patchJob(caller: WorkspaceCaller, job: Pick<Job, 'id' | 'version'>, body: unknown, query = '') {
  return caller.client.patch(ws(caller.workspaceId, `/jobs/${job.id}${query}`), body, ifMatch(job.version));
}

export function deleteJob(caller: WorkspaceCaller, job: Pick<Job, 'id' | 'version'>, query = '') {
  return caller.client.delete(ws(caller.workspaceId, `/jobs/${job.id}${query}`), ifMatch(job.version));
}

export function setStatus(
  caller: WorkspaceCaller,
  job: Pick<Job, 'id' | 'version'>,
  status: string,
  occurrence?: string,
) {
  return caller.client.post(
    ws(caller.workspaceId, `/jobs/${job.id}/status`),
    { status, ...(occurrence && { occurrence }) },
    ifMatch(job.version),
  );
}

/** The body of a successful job write. */
export function changeOf(res: Res): JobChange {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobChange;
}

export async function events(caller: WorkspaceCaller, start: string, end: string, extra = '') {
  const url = ws(
    caller.workspaceId,
    `/calendar/events?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}${extra}`,
  );
  const res = await caller.client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalendarEvent[];
}

/** Rows of the schedule tables and the change log: what "nothing written" compares. */
export async function scheduleCounts(db: Db) {
  return {
    customers: await countRows(db, 'customers'),
    jobs: await countRows(db, 'jobs'),
    assignees: await countRows(db, 'job_assignees'),
    exceptions: await countRows(db, 'job_exceptions'),
    changes: await countRows(db, 'changes'),
  };
}

/** The occurrence query string of a recurring edit. */
export const scopeQuery = (scope: 'this' | 'following' | 'all', occurrence: string) =>
  `?scope=${scope}&occurrence=${encodeURIComponent(occurrence)}`;
