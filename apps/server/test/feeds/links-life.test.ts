import type { FeedToken, FeedTokenCreated, Role } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Owner, signUpOwner, type TestContext } from '../harness.js';
import { expectProblem, type InvitedMember, inviteMember, type WorkspaceCaller, ws } from '../helpers.js';
import { createJob } from '../schedule-helpers.js';

// iCal links end with their people: the technician a link shows, or the member who made it, being
// deactivated or losing the role that could make it ends the link for good, with the reason listed.

describe('iCal links end with their people', () => {
  let ctx: TestContext;
  let owner: Owner;

  beforeAll(async () => {
    ctx = await createTestApp({ feeds: { background: false } });
    owner = await signUpOwner(ctx.app, 'Olga Owner');
    await createJob(owner, { title: 'Boiler', start: '2026-12-01T08:00:00Z', end: '2026-12-01T09:00:00Z' });
  });
  afterAll(() => ctx.close());

  const member = (role: Role, name: string) => inviteMember(ctx.app, owner, role, { name });
  const makeLink = async (caller: WorkspaceCaller, memberId: string | null) => {
    const res = await caller.client.post(ws(caller.workspaceId, '/feed-tokens'), { memberId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as FeedTokenCreated;
  };
  const fetchLink = (link: FeedTokenCreated) => ctx.app.inject({ method: 'GET', url: new URL(link.url).pathname });
  const patchMember = async (who: InvitedMember, body: Record<string, unknown>) => {
    const res = await owner.client.patch(ws(owner.workspaceId, `/members/${who.memberId}`), body);
    expect(res.statusCode, res.body).toBe(200);
  };
  const listed = async (link: FeedTokenCreated) => {
    const list = (await owner.client.get(ws(owner.workspaceId, '/feed-tokens'))).json() as FeedToken[];
    return list.find((t) => t.id === link.id);
  };
  /** The link answers like a revoked one: 404, no calendar in the body. */
  const expectDead = async (link: FeedTokenCreated) => {
    const res = await fetchLink(link);
    expectProblem(res, 404, 'not_found');
    expect(res.body).not.toContain('BEGIN:VCALENDAR');
  };

  it("a technician's link ends when the technician is deactivated, and stays dead on reactivation", async () => {
    const tech = await member('technician', 'Alex Field');
    const link = await makeLink(owner, tech.memberId);
    expect((await fetchLink(link)).statusCode).toBe(200);
    await patchMember(tech, { active: false });
    await expectDead(link);
    expect(await listed(link)).toMatchObject({ revokedReason: 'Alex Field was deactivated' });
    expect((await listed(link))?.revokedAt).not.toBeNull();
    await patchMember(tech, { active: true });
    await expectDead(link);
  });

  it("a technician's own link ends with their deactivation, even if reactivated before any calendar asks", async () => {
    const tech = await member('technician', 'Toni Own');
    const link = await makeLink(tech, tech.memberId);
    expect((await fetchLink(link)).statusCode).toBe(200);
    await patchMember(tech, { active: false });
    await patchMember(tech, { active: true });
    await expectDead(link);
    expect((await listed(link))?.revokedReason).toBe('Toni Own was deactivated');
  });

  it("a technician's link ends when they stop being a technician", async () => {
    const tech = await member('technician', 'Vera Moved');
    const link = await makeLink(owner, tech.memberId);
    await patchMember(tech, { role: 'viewer' });
    await expectDead(link);
    expect((await listed(link))?.revokedReason).toBe('Vera Moved is no longer a technician');
  });

  it('a workspace-wide link ends when the dispatcher who made it is deactivated', async () => {
    const dispatcher = await member('dispatcher', 'Sam Maker');
    const link = await makeLink(dispatcher, null);
    expect((await fetchLink(link)).statusCode).toBe(200);
    await patchMember(dispatcher, { active: false });
    await expectDead(link);
    expect((await listed(link))?.revokedReason).toBe('Made by Sam Maker, who was deactivated');
  });

  it.each([
    ['technician', 'Made by Dee Demoted, who is now a technician'],
    ['viewer', 'Made by Dee Demoted, who is now a viewer'],
  ] as const)('a workspace-wide link ends when its dispatcher becomes a %s', async (role, reason) => {
    const dispatcher = await member('dispatcher', 'Dee Demoted');
    const link = await makeLink(dispatcher, null);
    expect((await fetchLink(link)).statusCode).toBe(200);
    await patchMember(dispatcher, { role });
    await expectDead(link);
    expect((await listed(link))?.revokedReason).toBe(reason);
    // Getting the role back does not bring it back.
    await patchMember(dispatcher, { role: 'dispatcher' });
    await expectDead(link);
  });

  it('a link for a technician ends when the dispatcher who made it (and saw its URL) leaves', async () => {
    const dispatcher = await member('dispatcher', 'Pat Leaving');
    const tech = await member('technician', 'Kim Stays');
    const link = await makeLink(dispatcher, tech.memberId);
    await patchMember(dispatcher, { active: false });
    await expectDead(link);
    expect((await listed(link))?.revokedReason).toBe('Made by Pat Leaving, who was deactivated');
  });

  it('is decided when the calendar is asked for, whatever changed the membership', async () => {
    const dispatcher = await member('dispatcher', 'Quinn Quiet');
    const link = await makeLink(dispatcher, null);
    expect((await fetchLink(link)).statusCode).toBe(200);
    // A change that does not go through the members API.
    await ctx.db.kysely
      .updateTable('memberships')
      .set({ deactivated_at: Date.now() })
      .where('id', '=', dispatcher.memberId)
      .execute();
    await expectDead(link);
    expect((await listed(link))?.revokedReason).toBe('Made by Quinn Quiet, who was deactivated');
  });

  it('other links live on: a role change that still allows a link, or a change of someone else', async () => {
    const owner2 = await member('owner', 'Robin Second');
    const tech = await member('technician', 'Lee Other');
    const byOwner = await makeLink(owner2, null);
    const techLink = await makeLink(owner, tech.memberId);
    await patchMember(owner2, { role: 'dispatcher' });
    await patchMember(await member('technician', 'Someone Else'), { active: false });
    expect((await fetchLink(byOwner)).statusCode).toBe(200);
    expect((await fetchLink(techLink)).statusCode).toBe(200);
    expect(await listed(byOwner)).toMatchObject({ revokedAt: null, revokedReason: null });
  });

  it('a link revoked by hand has no reason', async () => {
    const link = await makeLink(owner, null);
    expect((await owner.client.delete(ws(owner.workspaceId, `/feed-tokens/${link.id}`))).statusCode).toBe(204);
    expect(await listed(link)).toMatchObject({ revokedReason: null });
    expect((await listed(link))?.revokedAt).not.toBeNull();
  });
});
