import type { ChangesPage, NotificationSettings } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { changesOf, ws } from './helpers.js';
import { type Inbox, notificationTestApp } from './notification-servers.js';
import { createCustomer, createJob as newJob, type Team } from './schedule-helpers.js';

/** Settings and opt-outs in the change log, so two open Settings screens agree (docs/adr/0020). */
describe('notification settings go live', () => {
  let db: Db;
  let app: FastifyInstance;
  let inbox: Inbox;
  let team: Team;
  let stop: (app: FastifyInstance) => Promise<void>;

  beforeAll(async () => {
    ({ db, app, inbox, team, stop } = await notificationTestApp());
  });
  afterAll(() => stop(app));

  const logged = async () =>
    (await changesOf(db, team.owner.workspaceId)).filter((c) => c.entity === 'notification_settings');

  it('a save, an office opt-out and a customer’s unsubscribe each log one change; a refused save logs none', async () => {
    const url = ws(team.owner.workspaceId, '/notification-settings');
    const settings = (await team.owner.client.get(url)).json() as NotificationSettings;
    const { version, channels: _c, ...input } = settings;
    const saved = await team.owner.client.request(
      'PUT',
      url,
      { ...input, companyPhone: '+49 30 1' },
      { 'if-match': `"${version}"` },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await team.owner.client.request('PUT', url, input, { 'if-match': `"${version}"` });
    expect(stale.statusCode).toBe(412);
    expect((await logged()).map((c) => [c.entity_id, c.action])).toEqual([[team.owner.workspaceId, 'updated']]);
    const after = Number((await logged())[0]?.seq) - 1;

    const customer = await createCustomer(team.owner, { name: 'Ola', email: 'ola@example.test', phone: null });
    const optOut = ws(team.owner.workspaceId, `/notification-optouts/${customer.id}`);
    expect((await team.dispatcher.client.request('PUT', optOut, undefined)).statusCode).toBe(204);
    expect((await team.dispatcher.client.request('PUT', optOut, undefined)).statusCode).toBe(204);
    expect((await team.dispatcher.client.delete(optOut)).statusCode).toBe(204);
    expect(await logged()).toHaveLength(3);

    const page = await team.dispatcher.client.get(ws(team.owner.workspaceId, `/changes?after=${after}`));
    expect(page.statusCode, page.body).toBe(200);
    const changes = (page.json() as ChangesPage & { changes: { entity: string; data: unknown }[] }).changes.filter(
      (c) => c.entity === 'notification_settings',
    );
    // Each change presents the settings as they are now: version 1, the customer opted back in.
    expect(changes.map((c) => c.data)).toEqual([
      { id: team.owner.workspaceId, version: 1, optOuts: 0 },
      { id: team.owner.workspaceId, version: 1, optOuts: 0 },
      { id: team.owner.workspaceId, version: 1, optOuts: 0 },
    ]);
  });

  it('the customer’s one-click unsubscribe is logged too (no actor), and the viewer sees no templates in it', async () => {
    const customer = await createCustomer(team.owner, { name: 'Uma', email: 'uma@example.test', phone: null });
    const start = Date.now() + 3 * 86_400_000;
    await newJob(team.owner, {
      customerId: customer.id,
      start: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
      assigneeIds: [team.tech1.memberId],
    });
    await app.notifications.sendDue();
    const mail = inbox.mails.find((m) => JSON.stringify(m.to).includes('uma@example.test'));
    const line = mail?.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    const link = new URL(/<([^>]+)>/.exec(line)?.[1] ?? 'http://localhost/none');
    const before = (await logged()).length;
    const res = await app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const now = await logged();
    expect(now).toHaveLength(before + 1);
    expect(now.at(-1)?.actor_id).toBeNull();
    const page = await team.viewer.client.get(
      ws(team.owner.workspaceId, `/changes?after=${Number(now.at(-1)?.seq) - 1}`),
    );
    expect(page.json()).toMatchObject({ changes: [{ entity: 'notification_settings', data: { optOuts: 1 } }] });
    expect(page.body).not.toContain('template');
  });
});
