import type { Area, Customer } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflictNow, loadAtVersion, versionedDelete, versionedUpdate } from '../src/db/versioned.js';
import { AppError } from '../src/errors/app-error.js';
import type { Actor } from '../src/http/workspace-access.js';
import { findArea } from '../src/modules/areas/queries.js';
import { areaEntity as areas } from '../src/modules/areas/service.js';
import { findCustomer } from '../src/modules/customers/queries.js';
import { customerEntity as customers } from '../src/modules/customers/service.js';
import { createArea } from './areas-fixtures.js';
import { createTestApp, signUpOwner, type TestContext } from './harness.js';
import { changesOf } from './helpers.js';
import { createCustomer, createTeam, type Team } from './schedule-helpers.js';

// The race the routes can't show on demand: a writer that passed its version check but lost the
// guarded write to someone else. Here the guarded write is called at a version that is already stale.

async function failure(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('versioned writes', () => {
  let ctx: TestContext;
  let team: Team;
  let actor: Actor;

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
    const { owner } = team;
    actor = { userId: owner.userId, memberId: owner.memberId, workspaceId: owner.workspaceId, role: 'owner' };
  });
  afterAll(() => ctx.close());

  it('an update at a version someone moved past is a 412 with the current entity, and writes nothing', async () => {
    const customer = await createCustomer(team.owner);
    await ctx.db.kysely
      .transaction()
      .execute((trx) =>
        versionedUpdate(trx, customers, actor, { id: customer.id, version: 1 }, { notes: 'first', updated_at: 1 }),
      );
    const before = await changesOf(ctx.db, actor.workspaceId);

    const err = await failure(
      ctx.db.kysely
        .transaction()
        .execute((trx) =>
          versionedUpdate(trx, customers, actor, { id: customer.id, version: 1 }, { notes: 'lost', updated_at: 2 }),
        ),
    );
    expect(err.status).toBe(412);
    expect(err.code).toBe('version_conflict');
    const extra = err.extra as { currentVersion: number; current: Customer };
    expect(extra.currentVersion).toBe(2);
    expect(extra.current).toMatchObject({ id: customer.id, notes: 'first', version: 2 });
    expect(err.message).toMatch(/customer \(now version 2\)/);

    const row = await findCustomer(ctx.db.kysely, actor.workspaceId, customer.id);
    expect(row).toMatchObject({ notes: 'first', version: 2 });
    expect(await changesOf(ctx.db, actor.workspaceId)).toEqual(before);
  });

  it('an update records the change unless the caller records it, and returns the next version', async () => {
    const customer = await createCustomer(team.owner);
    const before = (await changesOf(ctx.db, actor.workspaceId)).length;
    const next = await ctx.db.kysely
      .transaction()
      .execute((trx) =>
        versionedUpdate(trx, customers, actor, { id: customer.id, version: 1 }, { notes: 'quiet' }, null),
      );
    expect(next).toBe(2);
    expect(await changesOf(ctx.db, actor.workspaceId)).toHaveLength(before);

    await ctx.db.kysely
      .transaction()
      .execute((trx) => versionedUpdate(trx, customers, actor, { id: customer.id, version: 2 }, { notes: 'logged' }));
    const changes = await changesOf(ctx.db, actor.workspaceId);
    expect(changes.slice(before)).toMatchObject([
      { entity: 'customer', entity_id: customer.id, action: 'updated', actor_id: actor.userId },
    ]);
  });

  it('a row of another workspace is not found, even at its version, and stays as it was', async () => {
    const other = await signUpOwner(ctx.app, 'Otto Other');
    const theirs = await createCustomer(other);
    const err = await failure(
      ctx.db.kysely
        .transaction()
        .execute((trx) => versionedUpdate(trx, customers, actor, { id: theirs.id, version: 1 }, { notes: 'not mine' })),
    );
    expect(err.status).toBe(404);
    expect(err.message).toBe('Customer was not found');
    expect(await findCustomer(ctx.db.kysely, other.workspaceId, theirs.id)).toMatchObject({
      notes: theirs.notes,
      version: 1,
    });
  });

  it('a delete at a stale version is a 412 and keeps the row; at the current one it is gone and logged', async () => {
    const area: Area = await createArea(team.owner);
    await ctx.db.kysely
      .transaction()
      .execute((trx) => versionedUpdate(trx, areas, actor, { id: area.id, version: 1 }, { colour: '#123456' }));

    const stale = await failure(
      ctx.db.kysely.transaction().execute((trx) => versionedDelete(trx, areas, actor, { id: area.id, version: 1 })),
    );
    expect(stale.status).toBe(412);
    expect((stale.extra as { current: Area }).current).toMatchObject({ id: area.id, colour: '#123456', version: 2 });
    expect(await findArea(ctx.db.kysely, actor.workspaceId, area.id)).toBeDefined();

    await ctx.db.kysely.transaction().execute((trx) => versionedDelete(trx, areas, actor, { id: area.id, version: 2 }));
    expect(await findArea(ctx.db.kysely, actor.workspaceId, area.id)).toBeUndefined();
    const last = (await changesOf(ctx.db, actor.workspaceId)).at(-1);
    expect(last).toMatchObject({ entity: 'area', entity_id: area.id, action: 'deleted' });

    // Gone: a late writer hears 404, not 412.
    expect((await conflictNow(ctx.db.kysely, areas, actor.workspaceId, area.id)).status).toBe(404);
  });

  it('loadAtVersion answers the row at the edited version, 412 at another, 404 when there is none', async () => {
    const customer = await createCustomer(team.owner);
    const target = { id: customer.id, version: 1 };
    expect(await loadAtVersion(ctx.db.kysely, customers, actor.workspaceId, target)).toMatchObject({ id: customer.id });
    const stale = await failure(loadAtVersion(ctx.db.kysely, customers, actor.workspaceId, { ...target, version: 7 }));
    expect(stale.extra).toMatchObject({ currentVersion: 1 });
    const missing = await failure(
      loadAtVersion(ctx.db.kysely, customers, actor.workspaceId, { id: 'nope', version: 1 }),
    );
    expect(missing.status).toBe(404);
  });
});
