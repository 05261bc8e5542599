import { can, type Permission, type Role, roles } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './harness.js';
import { createTestApp, type Owner, signUpOwner, type TestContext } from './harness.js';
import {
  areasPath,
  bookingPath,
  expectProblem,
  exportPath,
  feedsPath,
  type InvitedMember,
  importPath,
  inviteMember,
  listRoutes,
  memberOfEachRole,
  notificationsPath,
  optimisePath,
  type Res,
  realtimePath,
  recordPath,
  schedulePath,
  suggestPath,
  trackingPath,
  travelLegsPath,
  ws,
} from './helpers.js';
import { createCustomer, createJob, ifMatch, scheduleCounts, validCustomer, validJob } from './schedule-helpers.js';

// The role × route table and workspace isolation for the schedule's routes (customers, jobs,
// calendar), in the manner of permissions.test.ts and isolation.test.ts.

interface Ids {
  customerId: string;
  jobId: string;
}

/** Every schedule route, called as `client` on workspace `wsId` with ids that exist (or not) there. */
function everyRoute(client: Client, wsId: string, ids: () => Promise<Ids>, technicianId: string) {
  const at = (rest: string) => ws(wsId, rest);
  return {
    'GET /customers': async () => client.get(at('/customers')),
    'POST /customers': async () => client.post(at('/customers'), validCustomer()),
    'GET /customers/:id': async () => client.get(at(`/customers/${(await ids()).customerId}`)),
    'GET /customers/:id/jobs': async () => client.get(at(`/customers/${(await ids()).customerId}/jobs`)),
    'PATCH /customers/:id': async () =>
      client.patch(at(`/customers/${(await ids()).customerId}`), { notes: 'x' }, ifMatch(1)),
    'DELETE /customers/:id': async () => client.delete(at(`/customers/${(await ids()).customerId}`), ifMatch(1)),
    'GET /jobs': async () => client.get(at('/jobs')),
    'POST /jobs': async () => client.post(at('/jobs'), validJob({ assigneeIds: [technicianId] })),
    'GET /jobs/:id': async () => client.get(at(`/jobs/${(await ids()).jobId}`)),
    'PATCH /jobs/:id': async () => client.patch(at(`/jobs/${(await ids()).jobId}`), { title: 'x' }, ifMatch(1)),
    'DELETE /jobs/:id': async () => client.delete(at(`/jobs/${(await ids()).jobId}`), ifMatch(1)),
    'POST /jobs/:id/status': async () =>
      client.post(at(`/jobs/${(await ids()).jobId}/status`), { status: 'en_route' }, ifMatch(1)),
    'GET /calendar/events': async () => client.get(at('/calendar/events?start=2026-03-02&end=2026-03-09')),
  } satisfies Record<string, () => Promise<Res>>;
}

const permissionOf: Record<string, [Permission, number]> = {
  'GET /customers': ['schedule.read', 200],
  'POST /customers': ['schedule.write', 201],
  'GET /customers/:id': ['schedule.read', 200],
  'GET /customers/:id/jobs': ['schedule.read', 200],
  'PATCH /customers/:id': ['schedule.write', 200],
  'DELETE /customers/:id': ['schedule.write', 204],
  'GET /jobs': ['schedule.read', 200],
  'POST /jobs': ['schedule.write', 201],
  'GET /jobs/:id': ['schedule.read', 200],
  'PATCH /jobs/:id': ['schedule.write', 200],
  'DELETE /jobs/:id': ['schedule.write', 200],
  'POST /jobs/:id/status': ['job.status.own', 200],
  'GET /calendar/events': ['schedule.read', 200],
};

describe('schedule routes: roles and workspaces', () => {
  let ctx: TestContext;
  let owner: Owner;
  let other: Owner;
  let otherTech: InvitedMember;
  let byRole: Record<Role, InvitedMember>;

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUpOwner(ctx.app, 'Olga');
    other = await signUpOwner(ctx.app, 'Otto');
    otherTech = await inviteMember(ctx.app, other, 'technician');
    byRole = await memberOfEachRole(ctx.app, owner);
  });
  afterAll(() => ctx.close());

  /** A fresh customer and a scheduled job of the technician (each call may change or delete them). */
  const freshIds = (caller: Owner, technicianId: string) => async (): Promise<Ids> => {
    const customer = await createCustomer(caller);
    const job = await createJob(caller, {
      customerId: customer.id,
      start: '2026-03-02T08:00:00Z',
      end: '2026-03-02T09:00:00Z',
      assigneeIds: [technicianId],
    });
    return { customerId: customer.id, jobId: job.id };
  };

  it('the tables cover every schedule route the app registers', () => {
    const registered = listRoutes(ctx.app)
      .filter(
        (r) =>
          schedulePath.test(r.url) &&
          !areasPath.test(r.url) &&
          !realtimePath.test(r.url) &&
          !feedsPath.test(r.url) &&
          !trackingPath.test(r.url) &&
          !suggestPath.test(r.url) &&
          !recordPath.test(r.url) &&
          !notificationsPath.test(r.url) &&
          !optimisePath.test(r.url) &&
          !travelLegsPath.test(r.url) &&
          !bookingPath.test(r.url) &&
          !exportPath.test(r.url) &&
          !importPath.test(r.url),
      )
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`)
      .sort();
    expect(Object.keys(permissionOf).sort()).toEqual(registered);
    expect(Object.keys(everyRoute(owner.client, '', freshIds(owner, ''), '')).sort()).toEqual(registered);
  });

  describe.each(roles)('as %s', (role) => {
    it('is allowed exactly what docs/PRODUCT.md, "Roles and permissions" says; a refusal is a 403 that writes nothing', async () => {
      const caller = byRole[role];
      const technician = byRole.technician.memberId;
      for (const [name, call] of Object.entries(
        everyRoute(caller.client, owner.workspaceId, freshIds(owner, technician), technician),
      )) {
        const [permission, ok] = permissionOf[name] ?? ['schedule.write', 200];
        const before = await scheduleCounts(ctx.db);
        const res = await call();
        if (can(role, permission)) {
          expect(res.statusCode, `${role} ${name}: ${res.body}`).toBe(ok);
        } else {
          expect(expectProblem(res, 403, 'forbidden').detail, name).toMatch(/^You don't have permission to /);
          // Only the fixtures the call made for itself (one customer and one job) were written.
          const after = await scheduleCounts(ctx.db);
          const made = name.includes(':id') ? 1 : 0;
          expect(after.customers - before.customers, name).toBe(made);
          expect(after.jobs - before.jobs, name).toBe(made);
          expect(after.changes - before.changes, name).toBe(2 * made);
        }
      }
    });
  });

  it("another workspace's ids answer 404 on every route, and nothing of it changes", async () => {
    const theirIds = await freshIds(other, otherTech.memberId)();
    const before = await scheduleCounts(ctx.db);
    const secrets = [theirIds.customerId, other.workspaceId, 'Anna Schmidt'];
    // Their ids under our workspace: not found.
    for (const [name, call] of Object.entries(everyRoute(owner.client, owner.workspaceId, async () => theirIds, ''))) {
      if (!name.includes(':id')) continue;
      expectProblem(await call(), 404, 'not_found');
    }
    // Their workspace id: not found on every route, before any id is looked at.
    for (const [name, call] of Object.entries(everyRoute(owner.client, other.workspaceId, async () => theirIds, ''))) {
      const res = await call();
      expectProblem(res, 404, 'not_found');
      for (const secret of secrets.slice(1)) expect(res.body, name).not.toContain(secret);
    }
    expect(await scheduleCounts(ctx.db)).toEqual(before);
  });
});
