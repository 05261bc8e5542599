import type { MyDay } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';
import { expectFieldError, ws } from './helpers.js';
import { createCustomer, createJob, createTeam, setStatus, type Team } from './schedule-helpers.js';

describe('GET /my-day', () => {
  let ctx: TestContext;
  let team: Team;
  const day = (caller: Team['tech1'], date: string) =>
    caller.client.get(ws(team.owner.workspaceId, `/my-day?date=${date}`));

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
  });
  afterAll(() => ctx.close());

  it("lists the technician's own visits of the local day in order, with sites, cancelled ones included", async () => {
    const tech = team.tech1.memberId;
    const late = await createJob(team.owner, {
      title: 'Late',
      start: '2026-03-02T15:00:00Z',
      end: '2026-03-02T16:00:00Z',
      assigneeIds: [tech],
      lat: 52.5,
      lng: 13.3,
    });
    const early = await createJob(team.owner, {
      title: 'Early',
      start: '2026-03-02T07:00:00Z',
      end: '2026-03-02T08:00:00Z',
      assigneeIds: [tech],
    });
    // 23:30 UTC on the 1st is 00:30 on the 2nd in Berlin: the local day counts.
    const midnight = await createJob(team.owner, {
      title: 'Just after midnight',
      start: '2026-03-01T23:30:00Z',
      end: '2026-03-02T00:00:00Z',
      assigneeIds: [tech],
    });
    await createJob(team.owner, {
      title: 'Someone else',
      start: '2026-03-02T09:00:00Z',
      end: '2026-03-02T10:00:00Z',
      assigneeIds: [team.tech2.memberId],
    });
    const cancelled = await createJob(team.owner, {
      title: 'Cancelled',
      start: '2026-03-02T11:00:00Z',
      end: '2026-03-02T12:00:00Z',
      assigneeIds: [tech],
    });
    expect((await setStatus(team.dispatcher, cancelled, 'cancelled')).statusCode).toBe(200);
    await ctx.db.kysely
      .updateTable('memberships')
      .set({ home_lat: 52.52, home_lng: 13.405 })
      .where('id', '=', tech)
      .execute();

    const res = await day(team.tech1, '2026-03-02');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as MyDay;
    expect(body.timeZone).toBe('Europe/Berlin');
    expect(body.homeBase).toEqual({ lat: 52.52, lng: 13.405 });
    expect(body.visits.map((v) => v.title)).toEqual(['Just after midnight', 'Early', 'Cancelled', 'Late']);
    expect(body.visits.map((v) => v.jobId)).toEqual([midnight.id, early.id, cancelled.id, late.id]);
    // The phone collapses a cancelled visit with the done ones; it still says so.
    expect(body.visits[2]?.status).toBe('cancelled');
    expect(body.visits[3]).toMatchObject({
      lat: 52.5,
      lng: 13.3,
      version: late.version,
      occurrence: null,
      status: 'scheduled',
    });

    // Another technician's day holds only theirs; a viewer has none.
    expect(((await day(team.tech2, '2026-03-02')).json() as MyDay).visits.map((v) => v.title)).toEqual([
      'Someone else',
    ]);
    expect(((await day(team.viewer, '2026-03-02')).json() as MyDay).visits).toEqual([]);
  });

  it('expands recurring jobs into the day’s occurrence', async () => {
    const series = await createJob(team.owner, {
      title: 'Weekly clean',
      start: '2026-03-03T08:00:00Z',
      end: '2026-03-03T09:00:00Z',
      rrule: 'FREQ=WEEKLY;COUNT=4',
      assigneeIds: [team.tech1.memberId],
    });
    const body = (await day(team.tech1, '2026-03-10')).json() as MyDay;
    const visit = body.visits.find((v) => v.jobId === series.id);
    expect(visit).toMatchObject({ occurrence: '2026-03-10T08:00:00.000Z', start: '2026-03-10T08:00:00.000Z' });
  });

  it("gives each visit what the technician needs on site: the description, the customer's phone and notes", async () => {
    const customer = await createCustomer(team.owner, {
      name: 'Hausverwaltung <b>Koch</b>',
      phone: '+49 30 555 0101',
      notes: 'Gate code 4711 <script>alert(1)</script>',
    });
    const withCustomer = await createJob(team.owner, {
      title: 'Radiator bleed',
      description: 'Bleed all radiators.\nBring the key.',
      customerId: customer.id,
      start: '2026-03-05T08:00:00Z',
      end: '2026-03-05T09:00:00Z',
      assigneeIds: [team.tech1.memberId],
    });
    const bare = await createJob(team.owner, {
      title: 'No customer',
      start: '2026-03-05T10:00:00Z',
      end: '2026-03-05T11:00:00Z',
      assigneeIds: [team.tech1.memberId],
    });
    const body = (await day(team.tech1, '2026-03-05')).json() as MyDay;
    // Text goes out as stored: the phone renders it as text.
    expect(body.visits.find((v) => v.jobId === withCustomer.id)).toMatchObject({
      customerName: 'Hausverwaltung <b>Koch</b>',
      description: 'Bleed all radiators.\nBring the key.',
      customerPhone: '+49 30 555 0101',
      customerNotes: 'Gate code 4711 <script>alert(1)</script>',
    });
    expect(body.visits.find((v) => v.jobId === bare.id)).toMatchObject({
      customerName: null,
      description: '',
      customerPhone: null,
      customerNotes: '',
    });
    // The other technician's day doesn't carry this customer's contact.
    const theirs = (await day(team.tech2, '2026-03-05')).json() as MyDay;
    expect(JSON.stringify(theirs)).not.toContain('555 0101');
  });

  it('documents the site details in the API document', async () => {
    interface Schema {
      properties?: Record<string, Schema>;
      items?: Schema;
      required?: string[];
      type?: string;
      nullable?: boolean;
    }
    const doc = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, { schema?: Schema }> }> } }>;
    };
    const answer = doc.paths['/api/v1/workspaces/{ws}/my-day']?.get?.responses['200'];
    const visit = answer?.content?.['application/json']?.schema?.properties?.visits?.items;
    expect(visit?.required).toEqual(expect.arrayContaining(['description', 'customerPhone', 'customerNotes']));
    expect(visit?.properties?.description).toEqual({ type: 'string' });
    expect(visit?.properties?.customerPhone).toEqual({ type: 'string', nullable: true });
    expect(visit?.properties?.customerNotes).toEqual({ type: 'string' });
  });

  it('names the field of a bad date', async () => {
    expectFieldError(await day(team.tech1, '2026-13-45'), 'date');
    expectFieldError(await day(team.tech1, 'tomorrow'), 'date');
  });
});
