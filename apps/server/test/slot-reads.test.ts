import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastChangeSeq } from '../src/db/changes.js';
import type { Db } from '../src/db/database.js';
import { SharedSlotReads } from '../src/modules/travel/index.js';
import { at, type BookingTeam, bookingTestApp, dateIn, site } from './booking-fixtures.js';
import { createJob } from './schedule-helpers.js';

// Slot searches of one range share their reads while the workspace's change log stands still
// (docs/adr/0038-booking-slot-turns.md): counted here as the statements the database is sent.

describe('shared slot reads', () => {
  let db: Db;
  let team: BookingTeam;
  let stop: () => Promise<void>;
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const date = dateIn(3);
  const search = () => ({
    workspaceId: team.owner.workspaceId,
    firstDate: Date.parse(`${date}T00:00:00Z`),
    days: 7,
    technicianIds: [team.tech1.memberId],
  });

  beforeAll(async () => {
    ({ db, team, stop } = await bookingTestApp());
  });
  afterAll(() => stop());

  it('a second search at the same change shares the first one’s reads; a recorded change reads afresh', async () => {
    const reads = new SharedSlotReads();
    const counted = db.kysely.withPlugin(counting);
    const before = await lastChangeSeq(db.kysely, team.owner.workspaceId);
    const first = await reads.readsAt(counted, search(), before);
    const afterFirst = statements;
    expect(afterFirst).toBeGreaterThan(0);
    expect(await reads.readsAt(counted, search(), before)).toBe(first);
    expect(statements).toBe(afterFirst);
    expect(first.plans.map((p) => p.stops.length)).toEqual([0]);

    const job = await createJob(team.owner, {
      start: new Date(at(date, '10:00')).toISOString(),
      end: new Date(at(date, '11:00')).toISOString(),
      assigneeIds: [team.tech1.memberId],
      ...site,
    });
    const now = await lastChangeSeq(db.kysely, team.owner.workspaceId);
    expect(now).toBeGreaterThan(before);
    const fresh = await reads.readsAt(counted, search(), now);
    expect(statements).toBeGreaterThan(afterFirst);
    expect(fresh.plans[0]?.stops.map((s) => s.jobId)).toEqual([job.id]);
  });

  it('shares nothing once an entry has lived its time, or with other technicians', async () => {
    const seq = await lastChangeSeq(db.kysely, team.owner.workspaceId);
    const never = new SharedSlotReads(0);
    const a = await never.readsAt(db.kysely, search(), seq);
    expect(await never.readsAt(db.kysely, search(), seq)).not.toBe(a);
    const reads = new SharedSlotReads();
    const one = await reads.readsAt(db.kysely, search(), seq);
    const both = await reads.readsAt(db.kysely, { ...search(), technicianIds: null }, seq);
    expect(both).not.toBe(one);
    expect(both.plans.map((p) => p.memberId).sort()).toEqual([team.tech1.memberId, team.tech2.memberId].sort());
  });

  it('keeps no failed read: the next search at that change reads again', async () => {
    const reads = new SharedSlotReads();
    const seq = await lastChangeSeq(db.kysely, team.owner.workspaceId);
    const failing: KyselyPlugin = {
      transformQuery: () => {
        throw new Error('the database went away');
      },
      transformResult: async (args) => args.result,
    };
    await expect(reads.readsAt(db.kysely.withPlugin(failing), search(), seq)).rejects.toThrow('went away');
    const again = await reads.readsAt(db.kysely, search(), seq);
    expect(again.plans).toHaveLength(1);
  });
});
