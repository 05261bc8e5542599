import {
  editScopeQuerySchema,
  jobChangeSchema,
  jobCreateSchema,
  jobListQuerySchema,
  jobPageSchema,
  jobPatchSchema,
  jobSchema,
  jobStatusChangeSchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ifMatchVersion, setEtag } from '../../http/versioning.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import { createJob, deleteJob, getJob, getJobs, updateJob } from './service.js';
import { type CompletionCheck, changeStatus, type VisitStatusHook, type VisitStatusHookMaker } from './status.js';

/** What the jobs module is handed by the app that wires it (it imports no module that builds on it). */
export interface JobHooks {
  /** What stops a visit from being completed: the work record's required items and signature. */
  completion?: CompletionCheck;
  /** Told of every visit's new status in the same transaction, in this order (tracking's links, the work record's times on site). */
  onVisit?: readonly VisitStatusHookMaker[];
}

const wsParams = z.object({ ws: z.string() });
const params = z.object({ ws: z.string(), id: z.string() });
const versioned =
  'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current job. ' +
  'For a recurring job, `scope` (this | following | all, default all) and `occurrence` (its original start) choose what changes.';

export function jobRoutes(fastify: FastifyInstance, deps: Deps, hooks: JobHooks = {}) {
  const { db } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];

  app.get(
    '/api/v1/workspaces/:ws/jobs',
    { schema: { tags, params: wsParams, querystring: jobListQuerySchema, response: { 200: jobPageSchema } } },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.read', 'see jobs');
      return getJobs(db.kysely, actor, request.query);
    },
  );

  app.post(
    '/api/v1/workspaces/:ws/jobs',
    { schema: { tags, params: wsParams, body: jobCreateSchema, response: { 201: jobSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.write', 'create jobs');
      const job = await createJob(db.kysely, actor, request.body);
      setEtag(reply, job.version);
      return reply.code(201).send(job);
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/jobs/:id',
    { schema: { tags, params, response: { 200: jobSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.read', 'see jobs');
      const job = await getJob(db.kysely, actor, request.params.id);
      setEtag(reply, job.version);
      return job;
    },
  );

  app.patch(
    '/api/v1/workspaces/:ws/jobs/:id',
    {
      schema: {
        tags,
        description: versioned,
        params,
        querystring: editScopeQuerySchema,
        body: jobPatchSchema,
        response: { 200: jobChangeSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.write', 'edit jobs');
      const version = ifMatchVersion(request.headers['if-match']);
      const change = await updateJob(db.kysely, actor, request.params.id, version, request.body, request.query);
      const addressed = change.jobs.find((j) => j.id === request.params.id);
      if (addressed) setEtag(reply, addressed.version);
      return change;
    },
  );

  app.delete(
    '/api/v1/workspaces/:ws/jobs/:id',
    {
      schema: {
        tags,
        description: versioned,
        params,
        querystring: editScopeQuerySchema,
        response: { 200: jobChangeSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.write', 'delete jobs');
      const version = ifMatchVersion(request.headers['if-match']);
      const change = await deleteJob(db.kysely, actor, request.params.id, version, request.query);
      const addressed = change.jobs.find((j) => j.id === request.params.id);
      if (addressed) setEtag(reply, addressed.version);
      return change;
    },
  );

  app.post(
    '/api/v1/workspaces/:ws/jobs/:id/status',
    { schema: { tags, description: versioned, params, body: jobStatusChangeSchema, response: { 200: jobSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'job.status.own', 'change the status of jobs');
      const version = ifMatchVersion(request.headers['if-match']);
      const told = await Promise.all((hooks.onVisit ?? []).map((make) => make()));
      const onVisit: VisitStatusHook = async (trx, who, change) => {
        for (const hook of told) await hook(trx, who, change);
      };
      const job = await changeStatus(
        db.kysely,
        actor,
        request.params.id,
        version,
        request.body,
        onVisit,
        hooks.completion,
      );
      setEtag(reply, job.version);
      return job;
    },
  );
}
