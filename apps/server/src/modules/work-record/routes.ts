import {
  answeredChecklistSchema,
  checklistAnswersPutSchema,
  jobChecklistsPutSchema,
  jobChecklistsSchema,
  noteCreateSchema,
  notePatchSchema,
  noteSchema,
  recordLimits,
  signaturePutSchema,
  signatureSchema,
  visitQuerySchema,
  visitRecordSchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { basedOn, idParams, memberRoute, versionedRoutes, withEtag } from '../../http/versioned-routes.js';
import { getJobChecklists, putJobChecklists, saveAnswers } from './checklists.js';
import { createNote, deleteNote, updateNote } from './notes.js';
import { getVisitRecord, type VisitPhotos } from './service.js';
import { getSignatureImage, putSignature } from './signature.js';

const answerParams = z.object({ ws: z.string(), id: z.string(), templateId: z.string() });
const visit =
  'For a recurring job, `occurrence` (the original start of the occurrence) names the visit; a one-off job has none.';
/** `v` (the signature's version) only makes a new signature a new URL for caches. */
const imageQuery = visitQuerySchema.extend({ v: z.string().max(12).optional() });
/** The signature's JSON: a PNG of at most 512 KB as base64 (4/3 larger) with room for the other fields. */
const signatureBodyLimit = Math.ceil((recordLimits.signatureBytes * 4) / 3) + 16 * 1024;

/** The work record of a visit: the record, notes, checklists attached to a job and answered, signature. */
export function workRecordRoutes(fastify: FastifyInstance, { db }: Deps, photosOf: VisitPhotos) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['work record'];
  const jobPath = '/api/v1/workspaces/:ws/jobs/:id';

  memberRoute(app, db, {
    method: 'GET',
    url: `${jobPath}/record`,
    schema: {
      tags,
      description: visit,
      params: idParams,
      querystring: visitQuerySchema,
      response: { 200: visitRecordSchema },
    },
    allow: ['record.read', 'see work records'],
    run: (actor, request) => getVisitRecord(db.kysely, actor, request.params.id, request.query.occurrence, photosOf),
  });

  memberRoute(app, db, {
    method: 'POST',
    url: `${jobPath}/notes`,
    schema: {
      tags,
      description: `${visit} The id is made by the client: sending it again answers the stored note (200), never a second one.`,
      params: idParams,
      querystring: visitQuerySchema,
      body: noteCreateSchema,
      response: { 200: noteSchema, 201: noteSchema },
    },
    allow: ['record.write.own', 'write notes'],
    run: async (actor, request, reply) => {
      const { params, query, body } = request;
      const { note, created } = await createNote(db.kysely, actor, params.id, query.occurrence, body);
      return withEtag(reply, note, created ? 201 : 200);
    },
  });

  versionedRoutes(app, db, {
    path: '/api/v1/workspaces/:ws/notes',
    id: 'noteId',
    tags,
    ifMatch: 'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current note.',
    item: noteSchema,
    read: 'record.read',
    write: 'record.write.own',
    noun: 'notes',
    patch: {
      body: notePatchSchema,
      run: (kysely, actor, id, version, patch) => updateNote(kysely, actor, id, version, patch.body),
    },
    remove: { run: deleteNote },
  });

  memberRoute(app, db, {
    method: 'GET',
    url: `${jobPath}/checklists`,
    schema: { tags, params: idParams, response: { 200: jobChecklistsSchema } },
    allow: ['record.read', 'see checklists'],
    run: (actor, request) => getJobChecklists(db.kysely, actor, request.params.id),
  });

  memberRoute(app, db, {
    method: 'PUT',
    url: `${jobPath}/checklists`,
    schema: {
      tags,
      description: 'The templates attached by hand; those whose title pattern matches the job title attach anyway.',
      params: idParams,
      body: jobChecklistsPutSchema,
      response: { 200: jobChecklistsSchema },
    },
    allow: ['schedule.write', 'attach checklists to jobs'],
    run: (actor, request) => putJobChecklists(db.kysely, actor, request.params.id, request.body.templateIds),
  });

  memberRoute(app, db, {
    method: 'PUT',
    url: `${jobPath}/checklists/:templateId/answers`,
    schema: {
      tags,
      description:
        `${visit} Merges the answers given (null clears one). \`If-Match\` (optional) is the version answered ` +
        'against: 412 only when an item sent was changed since by someone else.',
      params: answerParams,
      querystring: visitQuerySchema,
      headers: z.object({ 'if-match': z.string().optional() }),
      body: checklistAnswersPutSchema,
      response: { 200: answeredChecklistSchema },
    },
    allow: ['record.write.own', 'fill in checklists'],
    run: async (actor, request, reply) => {
      const { id, templateId } = request.params;
      const target = { jobId: id, templateId, occurrence: request.query.occurrence };
      const based = basedOn(request, true) ?? undefined;
      return withEtag(reply, await saveAnswers(db.kysely, actor, target, based, request.body.answers));
    },
  });

  memberRoute(app, db, {
    method: 'PUT',
    url: `${jobPath}/signature`,
    bodyLimit: signatureBodyLimit,
    schema: {
      tags,
      description: `${visit} The image is a PNG (checked by its bytes) of at most 512 KB; signing again replaces it.`,
      params: idParams,
      querystring: visitQuerySchema,
      body: signaturePutSchema,
      response: { 200: signatureSchema },
    },
    allow: ['record.write.own', 'take signatures'],
    run: (actor, request) => putSignature(db.kysely, actor, request.params.id, request.query.occurrence, request.body),
  });

  memberRoute(app, db, {
    method: 'GET',
    url: `${jobPath}/signature/image`,
    schema: { tags, description: visit, params: idParams, querystring: imageQuery },
    allow: ['record.read', 'see signatures'],
    run: async (actor, request, reply) => {
      const image = await getSignatureImage(db.kysely, actor, request.params.id, request.query.occurrence);
      return reply
        .header('content-type', 'image/png')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline; filename="signature.png"')
        .header('cache-control', 'private, max-age=3600')
        .send(image);
    },
  });
}
