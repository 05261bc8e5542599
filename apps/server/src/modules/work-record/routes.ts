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
import { ifMatchVersion, setEtag } from '../../http/versioning.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import { getJobChecklists, putJobChecklists, saveAnswers } from './checklists.js';
import { createNote, deleteNote, updateNote } from './notes.js';
import { getVisitRecord, type VisitPhotos } from './service.js';
import { getSignatureImage, putSignature } from './signature.js';

const jobParams = z.object({ ws: z.string(), id: z.string() });
const noteParams = z.object({ ws: z.string(), noteId: z.string() });
const answerParams = z.object({ ws: z.string(), id: z.string(), templateId: z.string() });
const visit =
  'For a recurring job, `occurrence` (the original start of the occurrence) names the visit; a one-off job has none.';
/** `v` (the signature's version) only makes a new signature a new URL for caches. */
const imageQuery = visitQuerySchema.extend({ v: z.string().max(12).optional() });
const noteVersioned = 'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current note.';
/** The signature's JSON: a PNG of at most 512 KB as base64 (4/3 larger) with room for the other fields. */
const signatureBodyLimit = Math.ceil((recordLimits.signatureBytes * 4) / 3) + 16 * 1024;

/** The work record of a visit: the record, notes, checklists attached to a job and answered, signature. */
export function workRecordRoutes(fastify: FastifyInstance, { db }: Deps, photosOf: VisitPhotos) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['work record'];

  app.get(
    '/api/v1/workspaces/:ws/jobs/:id/record',
    {
      schema: {
        tags,
        description: visit,
        params: jobParams,
        querystring: visitQuerySchema,
        response: { 200: visitRecordSchema },
      },
    },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'record.read', 'see work records');
      return getVisitRecord(db.kysely, actor, request.params.id, request.query.occurrence, photosOf);
    },
  );

  app.post(
    '/api/v1/workspaces/:ws/jobs/:id/notes',
    {
      schema: {
        tags,
        description: `${visit} The id is made by the client: sending it again answers the stored note (200), never a second one.`,
        params: jobParams,
        querystring: visitQuerySchema,
        body: noteCreateSchema,
        response: { 200: noteSchema, 201: noteSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'record.write.own', 'write notes');
      const { note, created } = await createNote(
        db.kysely,
        actor,
        request.params.id,
        request.query.occurrence,
        request.body,
      );
      setEtag(reply, note.version);
      return reply.code(created ? 201 : 200).send(note);
    },
  );

  app.patch(
    '/api/v1/workspaces/:ws/notes/:noteId',
    {
      schema: {
        tags,
        description: noteVersioned,
        params: noteParams,
        body: notePatchSchema,
        response: { 200: noteSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'record.write.own', 'edit notes');
      const version = ifMatchVersion(request.headers['if-match']);
      const note = await updateNote(db.kysely, actor, request.params.noteId, version, request.body.body);
      setEtag(reply, note.version);
      return note;
    },
  );

  app.delete(
    '/api/v1/workspaces/:ws/notes/:noteId',
    { schema: { tags, description: noteVersioned, params: noteParams } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'record.write.own', 'delete notes');
      const version = ifMatchVersion(request.headers['if-match']);
      await deleteNote(db.kysely, actor, request.params.noteId, version);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/jobs/:id/checklists',
    { schema: { tags, params: jobParams, response: { 200: jobChecklistsSchema } } },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'record.read', 'see checklists');
      return getJobChecklists(db.kysely, actor, request.params.id);
    },
  );

  app.put(
    '/api/v1/workspaces/:ws/jobs/:id/checklists',
    {
      schema: {
        tags,
        description: 'The templates attached by hand; those whose title pattern matches the job title attach anyway.',
        params: jobParams,
        body: jobChecklistsPutSchema,
        response: { 200: jobChecklistsSchema },
      },
    },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.write', 'attach checklists to jobs');
      return putJobChecklists(db.kysely, actor, request.params.id, request.body.templateIds);
    },
  );

  app.put(
    '/api/v1/workspaces/:ws/jobs/:id/checklists/:templateId/answers',
    {
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
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'record.write.own', 'fill in checklists');
      const header = request.headers['if-match'];
      const basedOn = header === undefined ? undefined : ifMatchVersion(header);
      const { id, templateId } = request.params;
      const target = { jobId: id, templateId, occurrence: request.query.occurrence };
      const checklist = await saveAnswers(db.kysely, actor, target, basedOn, request.body.answers);
      setEtag(reply, checklist.version);
      return checklist;
    },
  );

  app.put(
    '/api/v1/workspaces/:ws/jobs/:id/signature',
    {
      bodyLimit: signatureBodyLimit,
      schema: {
        tags,
        description: `${visit} The image is a PNG (checked by its bytes) of at most 512 KB; signing again replaces it.`,
        params: jobParams,
        querystring: visitQuerySchema,
        body: signaturePutSchema,
        response: { 200: signatureSchema },
      },
    },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'record.write.own', 'take signatures');
      return putSignature(db.kysely, actor, request.params.id, request.query.occurrence, request.body);
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/jobs/:id/signature/image',
    { schema: { tags, description: visit, params: jobParams, querystring: imageQuery } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'record.read', 'see signatures');
      const image = await getSignatureImage(db.kysely, actor, request.params.id, request.query.occurrence);
      return reply
        .header('content-type', 'image/png')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline; filename="signature.png"')
        .header('cache-control', 'private, max-age=3600')
        .send(image);
    },
  );
}
