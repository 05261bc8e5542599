import { can, type NotificationSettings, type Permission, roles } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './harness.js';
import { countRows, expectProblem, listRoutes, notificationsPath, type Res, ws } from './helpers.js';
import { createCustomer, createJob, type TwoTeams, twoTeams } from './schedule-helpers.js';

// The role × route table and workspace isolation of customer notifications (docs/PRODUCT.md,
// "Customer notifications"): the owner manages settings, the office reads them and a job's list and resends.

interface Ids {
  jobId: string;
  notificationId: string;
  customerId: string;
}

const settingsBody = {
  enabled: true,
  fromAddress: null,
  replyTo: 'office@example.test',
  companyPhone: '+49 30 555',
  reminderDaysBefore: 1,
  reminderTime: '17:00',
  moveThresholdMinutes: 30,
  templates: [],
};

function everyRoute(client: Client, wsId: string, ids: Ids, version: () => Promise<number>) {
  const at = (rest: string) => ws(wsId, rest);
  return {
    'GET /notification-settings': {
      permission: 'notifications.read',
      ok: 200,
      call: () => client.get(at('/notification-settings')),
    },
    'PUT /notification-settings': {
      permission: 'notifications.manage',
      ok: 200,
      call: async () =>
        client.request('PUT', at('/notification-settings'), settingsBody, { 'if-match': `"${await version()}"` }),
    },
    'GET /jobs/:id/notifications': {
      permission: 'notifications.read',
      ok: 200,
      call: () => client.get(at(`/jobs/${ids.jobId}/notifications`)),
    },
    'POST /jobs/:id/notifications/:notificationId/resend': {
      permission: 'notifications.resend',
      ok: 201,
      call: () => client.post(at(`/jobs/${ids.jobId}/notifications/${ids.notificationId}/resend`), undefined),
    },
    'GET /notification-optouts': {
      permission: 'notifications.read',
      ok: 200,
      call: () => client.get(at('/notification-optouts')),
    },
    'PUT /notification-optouts/:customerId': {
      permission: 'notifications.resend',
      ok: 204,
      call: () => client.request('PUT', at(`/notification-optouts/${ids.customerId}`), undefined),
    },
    'DELETE /notification-optouts/:customerId': {
      permission: 'notifications.resend',
      ok: 204,
      call: () => client.delete(at(`/notification-optouts/${ids.customerId}`)),
    },
  } satisfies Record<string, { permission: Permission; ok: number; call: () => Promise<Res> }>;
}

describe('notifications: roles and workspace isolation', () => {
  let t: TwoTeams;
  let ids: Ids;
  const version = async () => {
    const res = await t.team.owner.client.get(ws(t.team.owner.workspaceId, '/notification-settings'));
    return (res.json() as NotificationSettings).version;
  };

  beforeAll(async () => {
    t = await twoTeams();
    const customer = await createCustomer(t.team.owner, { email: 'kim@example.test', phone: null });
    const start = Date.now() + 3 * 86_400_000;
    const job = await createJob(t.team.owner, {
      customerId: customer.id,
      start: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
      assigneeIds: [t.team.tech1.memberId],
    });
    const list = await t.team.owner.client.get(ws(t.team.owner.workspaceId, `/jobs/${job.id}/notifications`));
    const [first] = list.json() as { id: string }[];
    if (!first) throw new Error('no notification written');
    ids = { jobId: job.id, notificationId: first.id, customerId: customer.id };
  });
  afterAll(() => t.ctx.close());

  it('covers every notification route the app registers', () => {
    const registered = listRoutes(t.ctx.app)
      .filter((r) => notificationsPath.test(r.url))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`)
      .sort();
    const table = Object.keys(everyRoute(t.team.owner.client, '', ids, version));
    expect(table.sort()).toEqual(registered);
  });

  describe.each(roles)('as %s', (role) => {
    it.each(
      Object.keys(
        everyRoute(t?.team.owner.client as Client, '', { jobId: '', notificationId: '', customerId: '' }, version),
      ),
    )('%s', async (name) => {
      const caller = t.byRole[role];
      const route = everyRoute(caller.client, caller.workspaceId, ids, version)[name as 'GET /notification-settings'];
      const rows = await countRows(t.ctx.db, 'notifications');
      const optOuts = await countRows(t.ctx.db, 'notification_optouts');
      const res = await route.call();
      if (can(role, route.permission)) {
        expect(res.statusCode, res.body).toBe(route.ok);
      } else {
        expectProblem(res, 403, 'forbidden');
        expect(await countRows(t.ctx.db, 'notifications')).toBe(rows);
        expect(await countRows(t.ctx.db, 'notification_optouts')).toBe(optOuts);
      }
    });
  });

  it("another workspace's owner gets 404 for this workspace's job and notification", async () => {
    const other = t.other.owner;
    const routes = everyRoute(other.client, other.workspaceId, ids, async () => 0);
    expectProblem(await routes['GET /jobs/:id/notifications'].call(), 404, 'not_found');
    expectProblem(await routes['POST /jobs/:id/notifications/:notificationId/resend'].call(), 404, 'not_found');
    expectProblem(await routes['PUT /notification-optouts/:customerId'].call(), 404, 'not_found');
    expectProblem(await routes['DELETE /notification-optouts/:customerId'].call(), 404, 'not_found');
    // Their own settings are their own: this workspace's saved reply-to is not there.
    const theirs = await routes['GET /notification-settings'].call();
    expect((theirs.json() as NotificationSettings).replyTo).toBeNull();
  });
});
