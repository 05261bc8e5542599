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
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { idParams, memberRoute, versionedRoutes, withEtag } from '../../http/versioned-routes.js';
import { ifMatchVersion, setEtag } from '../../http/versioning.js';
import { createJob, deleteJob, getJob, getJobs, updateJob } from './service.js';
import { type CompletionCheck, changeStatus, type VisitStatusHook, type VisitStatusHookMaker } from './status.js';

/** What the jobs module is handed by the app that wires it (it imports no module that builds on it). */
export interface JobHooks {
  /** What stops a visit from being completed: the work record's required items and signature. */
  completion?: CompletionCheck;
  /** Told of every visit's new status in the same transaction, in this order (tracking's links, the work record's times on site). */
  onVisit?: readonly VisitStatusHookMaker[];
}

const versioned =
  'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current job. ' +
  'For a recurring job, `scope` (this | following | all, default all) and `occurrence` (its original start) choose what changes.';

export function jobRoutes(fastify: FastifyInstance, deps: Deps, hooks: JobHooks = {}) {
  const { db } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];
  const path = '/api/v1/workspaces/:ws/jobs';

  // PATCH and DELETE answer the change (a series may split): not one versioned job, so they are written below.
  versionedRoutes(app, db, {
    path,
    tags,
    ifMatch: versioned,
    item: jobSchema,
    read: 'schedule.read',
    write: 'schedule.write',
    noun: 'jobs',
    list: { query: jobListQuerySchema, response: jobPageSchema, run: getJobs },
    create: { body: jobCreateSchema, run: createJob },
    get: { run: getJob },
  });

  const change = { tags, description: versioned, params: idParams, querystring: editScopeQuerySchema };
  memberRoute(app, db, {
    method: 'PATCH',
    url: `${path}/:id`,
    schema: { ...change, body: jobPatchSchema, response: { 200: jobChangeSchema } },
    allow: ['schedule.write', 'edit jobs'],
    run: async (actor, request, reply) => {
      const version = ifMatchVersion(request.headers['if-match']);
      const { id } = request.params;
      return addressedEtag(reply, id, await updateJob(db.kysely, actor, id, version, request.body, request.query));
    },
  });

  memberRoute(app, db, {
    method: 'DELETE',
    url: `${path}/:id`,
    schema: { ...change, response: { 200: jobChangeSchema } },
    allow: ['schedule.write', 'delete jobs'],
    run: async (actor, request, reply) => {
      const version = ifMatchVersion(request.headers['if-match']);
      const { id } = request.params;
      return addressedEtag(reply, id, await deleteJob(db.kysely, actor, id, version, request.query));
    },
  });

  memberRoute(app, db, {
    method: 'POST',
    url: `${path}/:id/status`,
    schema: {
      tags,
      description: versioned,
      params: idParams,
      body: jobStatusChangeSchema,
      response: { 200: jobSchema },
    },
    allow: ['job.status.own', 'change the status of jobs'],
    run: async (actor, request, reply) => {
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
      return withEtag(reply, job);
    },
  });
}

/** A change answers the ETag of the job it was addressed to, while that job still exists. */
function addressedEtag<C extends { jobs: { id: string; version: number }[] }>(
  reply: FastifyReply,
  id: string,
  change: C,
) {
  const addressed = change.jobs.find((j) => j.id === id);
  if (addressed) setEtag(reply, addressed.version);
  return change;
}
