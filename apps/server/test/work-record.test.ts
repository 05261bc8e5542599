import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AnsweredChecklist, ChecklistTemplate, Note, Signature } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';
import { changesOf, countRows, errorPaths, expectFieldError, expectProblem, ws } from './helpers.js';
import { imageBytes, uploadPhoto } from './photo-fixtures.js';
import { createJob, createTeam, getJob, ifMatch, setStatus, type Team } from './schedule-helpers.js';
import {
  createTemplate,
  createVisitJob,
  getRecord,
  pngDataUrl,
  postNote,
  put,
  visitQuery,
} from './work-record-fixtures.js';

// A visit's work record through real HTTP on the test database (SQLite, or PostgreSQL with
// FIELDPLAN_TEST_DB=postgres): docs/PRODUCT.md, "Work record".

describe('work record', () => {
  let ctx: TestContext;
  let team: Team;
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-record-'));

  beforeAll(async () => {
    ctx = await createTestApp({ env: { STORAGE_DIR: storageDir } });
    team = await createTeam(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it("the record holds the visit's photos beside its notes, each visit its own", async () => {
    const job = await createJob(team.owner, {
      start: '2026-03-02T08:00:00Z',
      end: '2026-03-02T09:00:00Z',
      rrule: 'FREQ=WEEKLY;COUNT=2',
      assigneeIds: [team.tech1.memberId],
    });
    const first = '2026-03-02T08:00:00.000Z';
    const photo = await uploadPhoto(ctx.app, team.tech1, job.id, imageBytes(5_000), { query: visitQuery(first) });
    const record = await getRecord(team.viewer, job.id, first);
    expect(record.photos).toEqual([photo]);
    expect((await getRecord(team.viewer, job.id, '2026-03-09T08:00:00Z')).photos).toEqual([]);
  });

  describe('notes', () => {
    it('a note is created once under the id the phone made: a replay answers the stored note', async () => {
      const job = await createVisitJob(team.owner, team.tech1.memberId);
      const id = randomUUID();
      const first = await postNote(team.tech1, job.id, { id, body: 'Replaced the pump seal' });
      expect(first.statusCode, first.body).toBe(201);
      const note = first.json() as Note;
      expect(note).toMatchObject({ id, jobId: job.id, occurrence: null, authorName: 'Tim Tech', version: 1 });
      const changes = await countRows(ctx.db, 'changes');

      const replay = await postNote(team.tech1, job.id, { id, body: 'Replaced the pump seal' });
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toEqual(note);
      expect(await countRows(ctx.db, 'changes')).toBe(changes);
      expect((await getRecord(team.viewer, job.id)).notes).toEqual([note]);

      // The same id on another visit is another note: refused, naming the id.
      const other = await createVisitJob(team.owner, team.tech1.memberId);
      expectFieldError(await postNote(team.tech1, other.id, { id, body: 'x' }), 'id');
    });

    it('replays racing each other make one note: one 201, the others 200 with the same note', async () => {
      const job = await createVisitJob(team.owner, team.tech1.memberId);
      const id = randomUUID();
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => postNote(team.tech1, job.id, { id, body: 'Sent four times' })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      expect((await getRecord(team.owner, job.id)).notes).toHaveLength(1);
    });

    it('refuses a note over the limit, an empty one and an id that is no UUID, naming the field', async () => {
      const job = await createVisitJob(team.owner, team.tech1.memberId);
      const long = await postNote(team.tech1, job.id, { id: randomUUID(), body: 'x'.repeat(4001) });
      expect(expectFieldError(long, 'body')).toBe('Note must be at most 4000 characters');
      expect(expectFieldError(await postNote(team.tech1, job.id, { id: randomUUID(), body: '  ' }), 'body')).toBe(
        'Note is required',
      );
      expectFieldError(await postNote(team.tech1, job.id, { id: 'not-a-uuid', body: 'x' }), 'id');
      expect((await getRecord(team.owner, job.id)).notes).toEqual([]);
    });

    it('only the author edits a note; the author or the office deletes it; a stale version is 412', async () => {
      const job = await createVisitJob(team.owner, team.tech1.memberId);
      const note = (await postNote(team.tech1, job.id, { id: randomUUID(), body: 'First' })).json() as Note;
      const at = (rest = '') => ws(team.owner.workspaceId, `/notes/${note.id}${rest}`);

      const edited = await team.tech1.client.patch(at(), { body: 'First, edited' }, ifMatch(1));
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ body: 'First, edited', version: 2 });
      expect(edited.headers.etag).toBe('"2"');

      const stale = await team.tech1.client.patch(at(), { body: 'Lost' }, ifMatch(1));
      const conflict = expectProblem(stale, 412, 'version_conflict');
      expect(conflict.currentVersion).toBe(2);
      expect(conflict.current).toEqual(edited.json());
      expectProblem(await team.dispatcher.client.patch(at(), { body: 'Office' }, ifMatch(2)), 403, 'forbidden');
      expectProblem(await team.tech2.client.delete(at(), ifMatch(2)), 403, 'forbidden');
      expectProblem(await team.dispatcher.client.delete(at(), ifMatch(1)), 412, 'version_conflict');
      expect((await team.dispatcher.client.delete(at(), ifMatch(2))).statusCode).toBe(204);
      expect((await getRecord(team.owner, job.id)).notes).toEqual([]);
      expectProblem(await team.tech1.client.patch(at(), { body: 'Gone' }, ifMatch(2)), 404, 'not_found');
    });

    it('a technician writes only on their own visits; a viewer on none', async () => {
      const job = await createVisitJob(team.owner, team.tech1.memberId);
      const refused = await postNote(team.tech2, job.id, { id: randomUUID(), body: 'Not mine' });
      expect(expectProblem(refused, 403, 'forbidden').detail).toMatch(/^You don't have permission to /);
      expectProblem(await postNote(team.viewer, job.id, { id: randomUUID(), body: 'x' }), 403, 'forbidden');
      expect((await postNote(team.dispatcher, job.id, { id: randomUUID(), body: 'Office' })).statusCode).toBe(201);
    });
  });

  describe('visits of a recurring job', () => {
    it('each occurrence has its own record; the occurrence is checked like the status route checks it', async () => {
      const job = await createJob(team.owner, {
        start: '2026-03-02T08:00:00Z',
        end: '2026-03-02T09:00:00Z',
        rrule: 'FREQ=WEEKLY;COUNT=4',
        assigneeIds: [team.tech1.memberId],
      });
      const second = '2026-03-09T08:00:00.000Z';
      const res = await postNote(team.tech1, job.id, { id: randomUUID(), body: 'Week two' }, '2026-03-09T08:00:00Z');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ occurrence: second });
      expect((await getRecord(team.owner, job.id, second)).notes).toHaveLength(1);
      expect((await getRecord(team.owner, job.id, '2026-03-16T08:00:00Z')).notes).toHaveLength(0);

      const at = (q: string) => team.owner.client.get(ws(team.owner.workspaceId, `/jobs/${job.id}/record${q}`));
      expectFieldError(await at(''), 'occurrence');
      expectFieldError(await at(visitQuery('2026-03-10T08:00:00Z')), 'occurrence');
      const oneOff = await createVisitJob(team.owner, team.tech1.memberId);
      expectFieldError(await postNote(team.tech1, oneOff.id, { id: randomUUID(), body: 'x' }, second), 'occurrence');
    });
  });

  describe('checklists', () => {
    let template: ChecklistTemplate;
    beforeAll(async () => {
      template = await createTemplate(team.owner);
    });

    const answer = (jobId: string, body: unknown, headers?: Record<string, string>, who = team.tech1) =>
      put(who, `/jobs/${jobId}/checklists/${template.id}/answers`, body, headers);

    it('a template attaches itself to jobs whose title contains its pattern, and by hand to others', async () => {
      const boiler = await createVisitJob(team.owner, team.tech1.memberId, { title: 'Annual BOILER check' });
      const [checklist] = (await getRecord(team.tech1, boiler.id)).checklists;
      expect(checklist).toMatchObject({ id: null, templateId: template.id, version: 0, answers: {} });
      expect(checklist?.items).toHaveLength(4);

      const other = await createVisitJob(team.owner, team.tech1.memberId, { title: 'Radiator' });
      expect((await getRecord(team.tech1, other.id)).checklists).toEqual([]);
      const attach = await put(team.dispatcher, `/jobs/${other.id}/checklists`, { templateIds: [template.id] });
      expect(attach.statusCode, attach.body).toBe(200);
      expect(attach.json()).toEqual({ templateIds: [template.id], matchedTemplateIds: [] });
      expect((await getRecord(team.tech1, other.id)).checklists.map((c) => c.templateId)).toEqual([template.id]);
      const got = await team.viewer.client.get(ws(team.owner.workspaceId, `/jobs/${boiler.id}/checklists`));
      expect(got.json()).toEqual({ templateIds: [], matchedTemplateIds: [template.id] });

      expectFieldError(
        await put(team.dispatcher, `/jobs/${other.id}/checklists`, { templateIds: ['nope'] }),
        'templateIds.0',
      );
      expectProblem(await put(team.tech1, `/jobs/${other.id}/checklists`, { templateIds: [] }), 403, 'forbidden');
    });

    it('an answer of the wrong kind is 400 on answers.<item> naming the item, and nothing is saved', async () => {
      const job = await createVisitJob(team.owner, team.tech1.memberId);
      const res = await answer(job.id, { answers: { gas: 'yes', reading: 12, state: 'perfect', nope: true } });
      expect(errorPaths(res).sort()).toEqual(['answers.gas', 'answers.nope', 'answers.state']);
      expect(expectFieldError(res, 'answers.gas')).toBe('"Gas pressure checked" is a tick: answer true or false');
      expect(expectFieldError(res, 'answers.state')).toBe('"Condition" must be one of: good, worn, unsafe');
      expect((await getRecord(team.owner, job.id)).checklists[0]?.version).toBe(0);
      const text = await answer(job.id, { answers: { remarks: 'x'.repeat(2001) } });
      expect(expectProblem(text, 400, 'validation_failed').errors?.[0]?.path).toMatch(/^answers/);
    });

    it('answers merge; a stale If-Match is 412 only when the same item changed since', async () => {
      const job = await createVisitJob(team.owner, team.tech1.memberId);
      const first = await answer(job.id, { answers: { gas: true, remarks: 'ok' } }, ifMatch(0));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ version: 1, answers: { gas: true, remarks: 'ok' } });
      // The office answers another item against the same version: no conflict.
      const office = await answer(job.id, { answers: { reading: 40 } }, ifMatch(0), team.dispatcher);
      expect(office.statusCode, office.body).toBe(200);
      expect((office.json() as AnsweredChecklist).answers).toEqual({ gas: true, remarks: 'ok', reading: 40 });
      // The same item changed since version 0: 412 with the checklist as it is now.
      const stale = await answer(job.id, { answers: { remarks: 'mine' } }, ifMatch(0), team.dispatcher);
      const problem = expectProblem(stale, 412, 'version_conflict');
      expect(problem.currentVersion).toBe(2);
      // Without If-Match the last writer wins; null clears an item.
      const cleared = await answer(job.id, { answers: { remarks: null } });
      expect((cleared.json() as AnsweredChecklist).answers).toEqual({ gas: true, reading: 40 });
      expectProblem(await answer(job.id, { answers: { gas: false } }, {}, team.tech2), 403, 'forbidden');
    });

    it('completing is refused while a required item or the signature is missing, naming them; then allowed', async () => {
      const job = await createVisitJob(team.owner, team.tech1.memberId);
      let current = await getJob(team.owner, job.id);
      const blocked = await setStatus(team.tech1, current, 'completed');
      const problem = expectProblem(blocked, 409, 'invalid_transition');
      expect(problem.errors).toEqual([
        { path: `checklists.${template.id}.gas`, message: '"Gas pressure checked" is required' },
        { path: `checklists.${template.id}.reading`, message: '"Flue reading" is required' },
        { path: 'signature', message: "The customer's signature is required" },
      ]);
      expect(problem.detail).toContain('"Gas pressure checked"');
      expect((await getJob(team.owner, job.id)).status).toBe('scheduled');

      // An unticked required check is still missing.
      await answer(job.id, { answers: { gas: false, reading: 12.5 } });
      current = await getJob(team.owner, job.id);
      expect(errorPaths(await setStatus(team.tech1, current, 'completed'))).toEqual([
        `checklists.${template.id}.gas`,
        'signature',
      ]);

      await answer(job.id, { answers: { gas: true } });
      const signed = await put(team.tech1, `/jobs/${job.id}/signature`, {
        name: 'Anna Schmidt',
        image: pngDataUrl,
        signedAt: '2026-03-02T08:55:00Z',
      });
      expect(signed.statusCode, signed.body).toBe(200);
      current = await getJob(team.owner, job.id);
      const done = await setStatus(team.tech1, current, 'completed');
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ status: 'completed' });
      // The refused attempts left no time; the completion did.
      const { statusTimes } = await getRecord(team.viewer, job.id);
      expect(statusTimes).toMatchObject({ en_route: null, in_progress: null });
      expect(Date.parse(statusTimes.completed ?? '')).toBeGreaterThan(Date.parse(signed.json().signedAt));
    });

    it('the record keeps when each visit went en route, in progress and completed', async () => {
      const job = await createJob(team.owner, {
        title: 'Weekly filter change',
        start: '2026-03-02T08:00:00Z',
        end: '2026-03-02T09:00:00Z',
        rrule: 'FREQ=WEEKLY;COUNT=3',
        assigneeIds: [team.tech1.memberId],
      });
      const second = '2026-03-09T08:00:00.000Z';
      let current = await getJob(team.owner, job.id);
      expect((await setStatus(team.tech1, current, 'en_route', second)).statusCode).toBe(200);
      current = await getJob(team.owner, job.id);
      expect((await setStatus(team.tech1, current, 'in_progress', second)).statusCode).toBe(200);
      const times = (await getRecord(team.owner, job.id, second)).statusTimes;
      expect(times.completed).toBeNull();
      expect(Date.parse(times.in_progress ?? '')).toBeGreaterThanOrEqual(Date.parse(times.en_route ?? ''));
      // Another occurrence of the same series has its own (none yet).
      expect((await getRecord(team.owner, job.id, '2026-03-16T08:00:00Z')).statusTimes).toEqual({
        en_route: null,
        in_progress: null,
        completed: null,
      });
    });

    it("an occurrence's completion asks that occurrence's record, not its neighbours'", async () => {
      const job = await createJob(team.owner, {
        title: 'Boiler rounds',
        start: '2026-03-02T08:00:00Z',
        end: '2026-03-02T09:00:00Z',
        rrule: 'FREQ=WEEKLY;COUNT=3',
        assigneeIds: [team.tech1.memberId],
      });
      const [first, second] = ['2026-03-02T08:00:00.000Z', '2026-03-09T08:00:00.000Z'];
      const q = visitQuery(first);
      await put(team.tech1, `/jobs/${job.id}/checklists/${template.id}/answers${q}`, {
        answers: { gas: true, reading: 3 },
      });
      await put(team.tech1, `/jobs/${job.id}/signature${q}`, {
        name: 'Anna',
        image: pngDataUrl,
        signedAt: '2026-03-02T08:50:00Z',
      });
      const blocked = await setStatus(team.tech1, await getJob(team.owner, job.id), 'completed', second);
      expect(expectProblem(blocked, 409, 'invalid_transition').errors).toHaveLength(3);
      const done = await setStatus(team.tech1, await getJob(team.owner, job.id), 'completed', first);
      expect(done.statusCode, done.body).toBe(200);
    });

    it('a job with no checklist completes as before', async () => {
      const job = await createVisitJob(team.owner, team.tech1.memberId, { title: 'Radiator bleed' });
      expect((await setStatus(team.tech1, job, 'completed')).statusCode).toBe(200);
    });
  });

  describe('templates', () => {
    it('the office creates, edits (If-Match) and deletes templates; answered checklists keep their copy', async () => {
      const template = await createTemplate(team.dispatcher, { name: 'Gate check', titlePattern: 'gate' });
      const job = await createVisitJob(team.owner, team.tech1.memberId, { title: 'Gate repair' });
      await put(team.tech1, `/jobs/${job.id}/checklists/${template.id}/answers`, { answers: { gas: true } });
      const at = ws(team.owner.workspaceId, `/checklist-templates/${template.id}`);

      const patched = await team.owner.client.patch(at, { name: 'Gate safety', titlePattern: '' }, ifMatch(1));
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({ name: 'Gate safety', titlePattern: null, version: 2 });
      expectProblem(await team.owner.client.patch(at, { name: 'Lost' }, ifMatch(1)), 412, 'version_conflict');
      expectProblem(await team.tech1.client.patch(at, { name: 'Tech' }, ifMatch(2)), 403, 'forbidden');
      expect((await team.owner.client.delete(at, ifMatch(2))).statusCode).toBe(204);

      const [kept] = (await getRecord(team.owner, job.id)).checklists;
      expect(kept).toMatchObject({ name: 'Gate check', answers: { gas: true } });
      const list = await team.owner.client.get(ws(team.owner.workspaceId, '/checklist-templates'));
      expect((list.json() as { items: ChecklistTemplate[] }).items.map((t) => t.id)).not.toContain(template.id);
    });

    it('refuses a bad template, naming the field', async () => {
      const post = (body: unknown) => team.owner.client.post(ws(team.owner.workspaceId, '/checklist-templates'), body);
      expectFieldError(await post({ name: '', items: [{ id: 'a', label: 'A', kind: 'check' }] }), 'name');
      expectFieldError(await post({ name: 'X', items: [] }), 'items');
      expectFieldError(await post({ name: 'X', items: [{ id: 'a', label: 'A', kind: 'choice' }] }), 'items.0.choices');
      const twice = [
        { id: 'a', label: 'A', kind: 'check' },
        { id: 'a', label: 'B', kind: 'text' },
      ];
      expectFieldError(await post({ name: 'X', items: twice }), 'items.1.id');
      expectFieldError(
        await post({ name: 'X', items: [{ id: 'a', label: 'A', kind: 'text', unit: 'm' }] }),
        'items.0.unit',
      );
    });
  });

  describe('signature', () => {
    it('stores a PNG and serves it to members with nosniff; signing again replaces it', async () => {
      const job = await createVisitJob(team.owner, team.tech1.memberId);
      const body = { name: 'Anna Schmidt', image: pngDataUrl, signedAt: '2026-03-02T08:55:00Z' };
      const res = await put(team.tech1, `/jobs/${job.id}/signature`, body);
      expect(res.statusCode, res.body).toBe(200);
      const signature = res.json() as Signature;
      expect(signature).toMatchObject({ name: 'Anna Schmidt', technicianName: 'Tim Tech', occurrence: null });
      expect((await getRecord(team.viewer, job.id)).signature).toEqual(signature);

      const image = await team.viewer.client.get(signature.imageUrl);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(Buffer.from(pngDataUrl.split(',')[1] ?? '', 'base64'))).toBe(true);

      const again = await put(team.dispatcher, `/jobs/${job.id}/signature`, { ...body, name: 'A. Schmidt' });
      expect(again.json()).toMatchObject({ id: signature.id, name: 'A. Schmidt', technicianName: 'Dora Dispatch' });
      expect((again.json() as Signature).imageUrl).not.toBe(signature.imageUrl);
    });

    it('refuses a missing name (400), anything but a PNG (415) and another technician (403)', async () => {
      const job = await createVisitJob(team.owner, team.tech1.memberId);
      const sign = (body: Record<string, unknown>, who = team.tech1) => put(who, `/jobs/${job.id}/signature`, body);
      const ok = { name: 'Anna', image: pngDataUrl, signedAt: '2026-03-02T08:55:00Z' };
      expect(expectFieldError(await sign({ image: pngDataUrl, signedAt: ok.signedAt }), 'name')).toBe(
        'Name is required',
      );
      const gif = `data:image/png;base64,${Buffer.from('GIF89a fake image bytes').toString('base64')}`;
      expectProblem(await sign({ ...ok, image: gif }), 415, 'unsupported_media_type');
      const jpegLabel = pngDataUrl.replace('image/png', 'image/jpeg');
      expectProblem(await sign({ ...ok, image: jpegLabel }), 415, 'unsupported_media_type');
      expectFieldError(await sign({ ...ok, image: 'not a data url' }), 'image');
      expectProblem(await sign(ok, team.tech2), 403, 'forbidden');
      // A PNG over 512 KB is refused naming the limit; a body past the route's limit before it is read.
      const big = Buffer.concat([Buffer.from(pngDataUrl.split(',')[1] ?? '', 'base64'), Buffer.alloc(513 * 1024)]);
      const over = await sign({ ...ok, image: `data:image/png;base64,${big.toString('base64')}` });
      expect(expectFieldError(over, 'image')).toBe('The signature image must be at most 512 KB');
      const huge = await sign({ ...ok, image: `data:image/png;base64,${'A'.repeat(800 * 1024)}` });
      expectProblem(huge, 413, 'payload_too_large');
      expect((await getRecord(team.owner, job.id)).signature).toBeNull();
      const none = await team.owner.client.get(ws(team.owner.workspaceId, `/jobs/${job.id}/signature/image`));
      expectProblem(none, 404, 'not_found');
    });
  });

  it('every write is in the change log under its entity', async () => {
    const job = await createVisitJob(team.owner, team.tech1.memberId, { title: 'Logged' });
    const before = (await changesOf(ctx.db, team.owner.workspaceId)).length;
    await postNote(team.tech1, job.id, { id: randomUUID(), body: 'Logged note' });
    await put(team.tech1, `/jobs/${job.id}/signature`, {
      name: 'N',
      image: pngDataUrl,
      signedAt: '2026-03-02T08:55:00Z',
    });
    const after = (await changesOf(ctx.db, team.owner.workspaceId)).slice(before);
    expect(after.map((c) => `${c.entity} ${c.action}`)).toEqual(['note created', 'signature created']);
  });
});
