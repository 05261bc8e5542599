import { randomUUID } from 'node:crypto';
import type { AnsweredChecklist, ChangeEvent, ChangesPage, Note, Signature } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesOf, ws } from './helpers.js';
import {
  collectChanges,
  connectPusher,
  createLiveApp,
  eventually,
  type LiveApp,
  subscribed,
} from './realtime-harness.js';
import { createTeam, ifMatch, type Team } from './schedule-helpers.js';
import { createTemplate, createVisitJob, pngDataUrl, postNote, put } from './work-record-fixtures.js';

/**
 * A visit's record goes live: another member's official pusher-js client receives each note,
 * checklist and signature as the API presents it, with its jobId and occurrence (docs/PRODUCT.md, "Work record").
 */
describe('work record live events', () => {
  let live: LiveApp;
  let team: Team;
  let office: Pusher;
  let seen: ChangeEvent[];
  const latestSeq = async () => (await changesOf(live.db, team.owner.workspaceId)).at(-1)?.seq ?? 0;
  const eventFor = async (seq: number) => {
    await eventually(() => seen.some((e) => e.seq === seq), 5000, `change ${seq}`);
    return seen.find((e) => e.seq === seq) as ChangeEvent;
  };

  beforeAll(async () => {
    live = await createLiveApp();
    team = await createTeam(live.app);
    office = connectPusher(live, team.dispatcher.client);
    seen = collectChanges(await subscribed(office, `private-workspace-${team.owner.workspaceId}`));
  });
  afterAll(async () => {
    office.disconnect();
    await live.close();
  });

  it('a note written on the phone arrives as created, an edit as updated, a delete as {id}', async () => {
    const job = await createVisitJob(team.owner, team.tech1.memberId);
    const res = await postNote(team.tech1, job.id, { id: randomUUID(), body: 'Pump replaced' });
    const note = res.json() as Note;
    expect(await eventFor(await latestSeq())).toEqual({
      seq: await latestSeq(),
      entity: 'note',
      action: 'created',
      data: note,
    });
    const edited = await team.tech1.client.patch(
      ws(team.owner.workspaceId, `/notes/${note.id}`),
      { body: 'Pump and seal replaced' },
      ifMatch(1),
    );
    const updated = await eventFor(await latestSeq());
    expect(updated).toMatchObject({ entity: 'note', action: 'updated', data: edited.json() });
    await team.tech1.client.delete(ws(team.owner.workspaceId, `/notes/${note.id}`), ifMatch(2));
    expect(await eventFor(await latestSeq())).toMatchObject({
      entity: 'note',
      action: 'deleted',
      data: { id: note.id },
    });
  });

  it('an answered checklist and a signature arrive with their visit', async () => {
    const template = await createTemplate(team.owner, { titlePattern: 'live boiler' });
    const job = await createVisitJob(team.owner, team.tech1.memberId, { title: 'Live boiler visit' });
    const answered = await put(team.tech1, `/jobs/${job.id}/checklists/${template.id}/answers`, {
      answers: { gas: true },
    });
    const checklist = answered.json() as AnsweredChecklist;
    expect(await eventFor(await latestSeq())).toMatchObject({
      entity: 'checklist',
      action: 'created',
      data: checklist,
    });
    expect(checklist).toMatchObject({ jobId: job.id, occurrence: null });

    const signed = await put(team.tech1, `/jobs/${job.id}/signature`, {
      name: 'Anna Schmidt',
      image: pngDataUrl,
      signedAt: '2026-03-02T08:55:00Z',
    });
    const signature = signed.json() as Signature;
    const event = await eventFor(await latestSeq());
    expect(event).toMatchObject({ entity: 'signature', action: 'created', data: signature });
    // The image itself never travels on the channel: only its authorised URL.
    expect(JSON.stringify(event)).not.toContain('iVBORw0KGgo');

    // `/changes` after a gap presents the same entities.
    const page = (await team.tech2.client.get(ws(team.owner.workspaceId, '/changes?after=0'))).json() as ChangesPage;
    expect('changes' in page && page.changes.filter((c) => c.entity === 'signature').at(-1)?.data).toEqual(signature);
  });
});
