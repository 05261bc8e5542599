import { randomUUID } from 'node:crypto';
import type { ChecklistTemplate, Job, Note } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import type { Client } from './harness.js';
import { countRows, expectProblem, listRoutes, type Res, recordPath, ws } from './helpers.js';
import { ifMatch, type TwoTeams, twoTeams } from './schedule-helpers.js';
import { boilerTemplate, createTemplate, createVisitJob, pngDataUrl } from './work-record-fixtures.js';

// The role × route table and workspace isolation of the work record's notes, checklists and signature
// (docs/PRODUCT.md, "Roles and permissions"): everyone reads; the office writes every visit's record; a
// technician only the visits assigned to them; templates are the office's.

/** What a caller acts on: a visit (job), a note on it by the caller, a template. */
interface Ids {
  jobId: string;
  noteId: string;
  templateId: string;
}

function everyRoute(client: Client, wsId: string, ids: () => Promise<Ids>) {
  const at = (rest: string) => ws(wsId, rest);
  const put = (path: string, body: unknown) => client.request('PUT', at(path), body);
  return {
    'GET /jobs/:id/record': async () => client.get(at(`/jobs/${(await ids()).jobId}/record`)),
    'POST /jobs/:id/notes': async () =>
      client.post(at(`/jobs/${(await ids()).jobId}/notes`), { id: randomUUID(), body: 'A note' }),
    'PATCH /notes/:noteId': async () =>
      client.patch(at(`/notes/${(await ids()).noteId}`), { body: 'Edited' }, ifMatch(1)),
    'DELETE /notes/:noteId': async () => client.delete(at(`/notes/${(await ids()).noteId}`), ifMatch(1)),
    'GET /jobs/:id/checklists': async () => client.get(at(`/jobs/${(await ids()).jobId}/checklists`)),
    'PUT /jobs/:id/checklists': async () => {
      const { jobId, templateId } = await ids();
      return put(`/jobs/${jobId}/checklists`, { templateIds: [templateId] });
    },
    'PUT /jobs/:id/checklists/:templateId/answers': async () => {
      const { jobId, templateId } = await ids();
      return put(`/jobs/${jobId}/checklists/${templateId}/answers`, { answers: { gas: true } });
    },
    'PUT /jobs/:id/signature': async () =>
      put(`/jobs/${(await ids()).jobId}/signature`, {
        name: 'Anna',
        image: pngDataUrl,
        signedAt: '2026-03-02T09:00:00Z',
      }),
    'GET /jobs/:id/signature/image': async () => client.get(at(`/jobs/${(await ids()).jobId}/signature/image`)),
    'GET /checklist-templates': async () => client.get(at('/checklist-templates')),
    'POST /checklist-templates': async () => client.post(at('/checklist-templates'), boilerTemplate()),
    'PATCH /checklist-templates/:templateId': async () =>
      client.patch(at(`/checklist-templates/${(await ids()).templateId}`), { name: 'Renamed' }, ifMatch(1)),
    'DELETE /checklist-templates/:templateId': async () =>
      client.delete(at(`/checklist-templates/${(await ids()).templateId}`), ifMatch(1)),
  } satisfies Record<string, () => Promise<Res>>;
}

type Caller = 'owner' | 'dispatcher' | 'technician (own visit)' | 'technician (other visit)' | 'viewer';

/** The status each caller gets; 403 where the table refuses. A viewer and the other technician have no notes to edit. */
const expected: Record<string, Record<Caller, number>> = {
  'GET /jobs/:id/record': row(200, 200, 200, 200, 200),
  'POST /jobs/:id/notes': row(201, 201, 201, 403, 403),
  'PATCH /notes/:noteId': row(200, 200, 200, 403, 403),
  'DELETE /notes/:noteId': row(204, 204, 204, 403, 403),
  'GET /jobs/:id/checklists': row(200, 200, 200, 200, 200),
  'PUT /jobs/:id/checklists': row(200, 200, 403, 403, 403),
  'PUT /jobs/:id/checklists/:templateId/answers': row(200, 200, 200, 403, 403),
  'PUT /jobs/:id/signature': row(200, 200, 200, 403, 403),
  'GET /jobs/:id/signature/image': row(200, 200, 200, 200, 200),
  'GET /checklist-templates': row(200, 200, 403, 403, 403),
  'POST /checklist-templates': row(201, 201, 403, 403, 403),
  'PATCH /checklist-templates/:templateId': row(200, 200, 403, 403, 403),
  'DELETE /checklist-templates/:templateId': row(204, 204, 403, 403, 403),
};
function row(...s: [number, number, number, number, number]): Record<Caller, number> {
  const [owner, dispatcher, own, other, viewer] = s;
  return {
    owner,
    dispatcher,
    'technician (own visit)': own,
    'technician (other visit)': other,
    viewer,
  };
}

/** The rows a refused call must leave as they were. */
async function recordCounts(db: Db) {
  return {
    notes: await countRows(db, 'visit_notes'),
    templates: await countRows(db, 'checklist_templates'),
    attached: await countRows(db, 'job_checklists'),
    checklists: await countRows(db, 'visit_checklists'),
    signatures: await countRows(db, 'visit_signatures'),
    changes: await countRows(db, 'changes'),
  };
}

describe('work record routes: roles and workspaces', () => {
  let t: TwoTeams;
  beforeAll(async () => {
    t = await twoTeams();
  });
  afterAll(() => t.ctx.close());

  /** A visit of `technicianId` with a signature, a note by `author`, and a fresh template (all in the owner's workspace). */
  const freshIds =
    (owner: TwoTeams['team']['owner'], technicianId: string, author: { client: Client } | null) =>
    async (): Promise<Ids> => {
      const job: Job = await createVisitJob(owner, technicianId);
      const template: ChecklistTemplate = await createTemplate(owner, { titlePattern: null });
      const sign = await owner.client.request('PUT', ws(owner.workspaceId, `/jobs/${job.id}/signature`), {
        name: 'Anna',
        image: pngDataUrl,
        signedAt: '2026-03-02T09:00:00Z',
      });
      expect(sign.statusCode, sign.body).toBe(200);
      await owner.client.request('PUT', ws(owner.workspaceId, `/jobs/${job.id}/checklists`), {
        templateIds: [template.id],
      });
      const writer = author ?? owner;
      const note = await writer.client.post(ws(owner.workspaceId, `/jobs/${job.id}/notes`), {
        id: randomUUID(),
        body: 'Fixture note',
      });
      return { jobId: job.id, noteId: (note.json() as Note).id, templateId: template.id };
    };

  it('the table covers every notes, checklist and signature route the app registers', () => {
    const registered = listRoutes(t.ctx.app)
      .filter((r) => recordPath.test(r.url) && !r.url.includes('photos'))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`)
      .sort();
    expect(Object.keys(expected).sort()).toEqual(registered);
    expect(Object.keys(everyRoute(t.team.owner.client, '', async () => ({}) as Ids)).sort()).toEqual(registered);
  });

  const callers: Caller[] = ['owner', 'dispatcher', 'technician (own visit)', 'technician (other visit)', 'viewer'];
  it.each(callers)(
    'as %s: allowed exactly what the table says; a refusal is a 403 that writes nothing',
    async (who) => {
      const { team } = t;
      const member = {
        owner: team.owner,
        dispatcher: team.dispatcher,
        'technician (own visit)': team.tech1,
        'technician (other visit)': team.tech2,
        viewer: team.viewer,
      }[who];
      // The visit is tech1's; the note to edit is the caller's own where they may write one.
      const mayWrite = who !== 'viewer' && who !== 'technician (other visit)';
      const ids = freshIds(team.owner, team.tech1.memberId, mayWrite ? member : null);
      for (const [name, call] of Object.entries(everyRoute(member.client, team.owner.workspaceId, ids))) {
        const ok = expected[name]?.[who];
        const before = await recordCounts(t.ctx.db);
        const res = await call();
        if (ok !== 403) {
          expect(res.statusCode, `${who} ${name}: ${res.body}`).toBe(ok);
        } else {
          expect(expectProblem(res, 403, 'forbidden').detail, name).toMatch(/^You don't have permission to /);
          const after = await recordCounts(t.ctx.db);
          // A route that takes ids made its own fixtures (a visit, a template, a note, a signature) first.
          const made = name.includes(':') ? 1 : 0;
          expect(after.templates - before.templates, name).toBe(made);
          expect(after.notes - before.notes, name).toBe(made);
          expect(after.signatures - before.signatures, name).toBe(made);
          expect(after.checklists, name).toBe(before.checklists);
          expect(after.attached - before.attached, name).toBe(made);
          // The fixtures' job, template, attachment, signature and note.
          expect(after.changes - before.changes, name).toBe(5 * made);
        }
      }
    },
  );

  it("another workspace's ids answer 404 on every route, and nothing of it changes", async () => {
    const { team, other } = t;
    const theirs = await freshIds(other.owner, other.tech1.memberId, null)();
    const before = await recordCounts(t.ctx.db);
    for (const [name, call] of Object.entries(
      everyRoute(team.owner.client, team.owner.workspaceId, async () => theirs),
    )) {
      if (!name.includes(':')) continue;
      const res = await call();
      expectProblem(res, 404, 'not_found');
      expect(res.body, name).not.toContain(theirs.jobId);
    }
    for (const [name, call] of Object.entries(
      everyRoute(team.owner.client, other.owner.workspaceId, async () => theirs),
    )) {
      expect((await call()).statusCode, name).toBe(404);
    }
    expect(await recordCounts(t.ctx.db)).toEqual(before);
  });
});
