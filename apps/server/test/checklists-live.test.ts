import type { ChangeEvent, ChangesPage, ChecklistTemplate } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ws } from './helpers.js';
import {
  collectChanges,
  connectPusher,
  createLiveApp,
  eventually,
  type LiveApp,
  subscribed,
} from './realtime-harness.js';
import { createTeam, ifMatch, type Team } from './schedule-helpers.js';
import { createTemplate, createVisitJob, put } from './work-record-fixtures.js';

// Templates and a job's attachments go live (docs/PRODUCT.md, "Work record"): open job panels and
// phones hear of them on the workspace channel and through `/changes`, instead of re-reading blindly.
describe('checklist template and attachment changes on the workspace channel', () => {
  let live: LiveApp;
  let team: Team;
  let technician: Pusher;
  let seen: ChangeEvent[];

  beforeAll(async () => {
    live = await createLiveApp();
    team = await createTeam(live.app);
    technician = connectPusher(live, team.tech1.client);
    seen = collectChanges(await subscribed(technician, `private-workspace-${team.owner.workspaceId}`));
  });
  afterAll(async () => {
    technician.disconnect();
    await live.close();
  });

  it('tells of a template created, edited and deleted, and of templates attached to a job by hand', async () => {
    const job = await createVisitJob(team.owner, team.tech1.memberId, { title: 'Roof inspection' });
    const template = await createTemplate(team.owner, { name: 'Roof', titlePattern: null });
    const path = ws(team.owner.workspaceId, `/checklist-templates/${template.id}`);
    const ofTemplate = () => seen.filter((e) => e.entity === 'checklist_template' && e.data.id === template.id);
    const edited = await team.owner.client.patch(path, { name: 'Roof check' }, ifMatch(1));
    expect(edited.statusCode, edited.body).toBe(200);
    // A change carries the template as it is when published, after the answer: the delete waits for the
    // edit's, which could show `{id}` too otherwise (docs/adr/0008-realtime-in-the-app.md, "A quick
    // succession of writes").
    await eventually(() => ofTemplate().length === 2, 5000, 'the edit');
    const attached = await put(team.dispatcher, `/jobs/${job.id}/checklists`, {
      templateIds: [template.id],
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect((await team.owner.client.delete(path, ifMatch(2))).statusCode).toBe(204);

    await eventually(() => ofTemplate().length === 3, 5000, 'three template changes');
    expect(ofTemplate().map((e) => e.action)).toEqual(['created', 'updated', 'deleted']);
    expect(ofTemplate()[1]?.data).toMatchObject({ id: template.id, name: 'Roof check', version: 2 });
    expect(ofTemplate()[2]?.data).toEqual({ id: template.id });

    const ofJob = () => seen.filter((e) => e.entity === 'job_checklists' && e.data.id === job.id);
    await eventually(() => ofJob().length === 1, 5000, 'the attachment change');
    // The channel presents the job's attachments as they are when it sends (the template may be gone by then).
    expect(ofJob()[0]).toMatchObject({ action: 'updated', data: { id: job.id, matchedTemplateIds: [] } });

    const page = (await team.tech1.client.get(ws(team.owner.workspaceId, '/changes?after=0'))).json() as ChangesPage;
    const changes = 'changes' in page ? page.changes : [];
    // The template is gone now, so `/changes` presents it as removed; the job's attachments as they are.
    expect(changes.filter((c) => c.entity === 'checklist_template').at(-1)?.data).toEqual({ id: template.id });
    expect(changes.filter((c) => c.entity === 'job_checklists').at(-1)?.data).toEqual({
      id: job.id,
      templateIds: [],
      matchedTemplateIds: [],
    });
  });

  it('presents a live template as the API does', async () => {
    const template = await createTemplate(team.owner, { name: 'Boiler live' });
    const created = () => seen.find((e) => e.entity === 'checklist_template' && e.data.id === template.id);
    await eventually(() => created() !== undefined, 5000, 'the created template');
    expect(created()?.data).toEqual(template satisfies ChecklistTemplate);
  });
});
