import { describe, expect, it } from 'vitest';
import { closeOutbox, noteChange, type Outbox, openOutbox, runWithOutbox } from '../src/db/outbox.js';

// The unit of work's outbox lives in an AsyncLocalStorage that is switched off while no unit is open
// (docs/PERFORMANCE.md, "Places"): each unit must still find its own outbox, and only its own.
const newOutbox = (): Outbox => ({ changes: [], publishes: new Map() });
const change = (entityId: string) => ({ workspaceId: 'w', seq: 1, entity: 'job', entityId, action: 'update', at: 0 });
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('outbox units of work', () => {
  it('collects what a unit records across awaits, also in a unit opened after others closed', async () => {
    for (const id of ['first', 'second']) {
      const outbox = newOutbox();
      await runWithOutbox(outbox, async () => {
        await tick();
        noteChange(change(id));
      });
      expect(outbox.changes.map((c) => c.entityId)).toEqual([id]);
    }
    noteChange(change('outside'));
  });

  it('keeps overlapping units apart while one of them closes', async () => {
    const a = newOutbox();
    const b = newOutbox();
    let release: () => void = () => {};
    const bDone = runWithOutbox(b, async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      noteChange(change('b'));
    });
    await runWithOutbox(a, async () => {
      await tick();
      noteChange(change('a'));
    });
    release();
    await bDone;
    expect(a.changes.map((c) => c.entityId)).toEqual(['a']);
    expect(b.changes.map((c) => c.entityId)).toEqual(['b']);
  });

  it("a request's unit stays open after its hook returns, until it is closed", async () => {
    const outbox = newOutbox();
    let handler: Promise<void> = Promise.resolve();
    openOutbox(outbox, () => {
      handler = (async () => {
        await tick();
        noteChange(change('handler'));
      })();
    });
    await handler;
    closeOutbox(outbox);
    closeOutbox(outbox);
    expect(outbox.changes.map((c) => c.entityId)).toEqual(['handler']);
    // Closed and nothing else open: nothing more lands in it.
    const later = newOutbox();
    await runWithOutbox(later, async () => {
      await tick();
      noteChange(change('later'));
    });
    expect(outbox.changes).toHaveLength(1);
    expect(later.changes).toHaveLength(1);
  });

  it('closes a unit whose function throws', () => {
    expect(() =>
      runWithOutbox(newOutbox(), () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    const outbox = newOutbox();
    runWithOutbox(outbox, () => noteChange(change('sync')));
    expect(outbox.changes).toHaveLength(1);
  });
});
