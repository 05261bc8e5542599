import {
  jobChangeSchema,
  optimiseDayApplySchema,
  optimiseDayPreviewSchema,
  optimiseDayQuerySchema,
  slotSuggestionsSchema,
  suggestQuerySchema,
  travelLegsQuerySchema,
  travelLegsSchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { idParams, memberRoute, wsParams } from '../../http/versioned-routes.js';
import { travelProviderOf } from './context.js';
import { LegsCache, travelLegs } from './legs.js';
import { applyOptimisedDay } from './optimise-apply.js';
import { previewOptimisedDay } from './optimise-preview.js';
import { suggestForJob } from './suggest.js';

/** Travel-aware scheduling: suggested slots, optimising a technician's day, the drives between visits. */
export function travelRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const provider = travelProviderOf(deps.config);
  const legsCache = new LegsCache();
  memberRoute(app, deps.db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/jobs/:id/suggestions',
    schema: {
      tags: ['jobs'],
      description:
        'The three best (technician, start) options for an unscheduled job by added drive time, within the ' +
        'working hours and around existing jobs and busy time; `source` says where drive times came from.',
      params: idParams,
      querystring: suggestQuerySchema,
      response: { 200: slotSuggestionsSchema },
    },
    allow: ['schedule.write', 'schedule jobs'],
    cache: 'private, no-cache',
    run: async (actor, request) => {
      return suggestForJob(deps.db.kysely, provider, actor, request.params.id, request.query);
    },
  });

  memberRoute(app, deps.db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/optimise-day',
    schema: {
      tags: ['jobs'],
      description:
        "Previews the least-drive order of one technician's day: visits with a flexible window move within it " +
        'and the working hours, the others stay put. `before` and `after` are the drive (from the home base, ' +
        'no drive home) and the finish; `after` is null with a `message` when nothing can or need move. Writes nothing.',
      params: wsParams,
      querystring: optimiseDayQuerySchema,
      response: { 200: optimiseDayPreviewSchema },
    },
    allow: ['schedule.write', "optimise a technician's day"],
    cache: 'private, no-cache',
    run: async (actor, request) => {
      return previewOptimisedDay(deps.db.kysely, provider, actor, request.query);
    },
  });

  memberRoute(app, deps.db, {
    method: 'POST',
    url: '/api/v1/workspaces/:ws/optimise-day',
    schema: {
      tags: ['jobs'],
      description:
        'Applies a previewed plan in one transaction: each listed visit gets its new time. Every visit must be a ' +
        'flexible visit of that technician and date at the version given (else 412, nothing written), keep its ' +
        'length, stay inside its window and the working hours, and overlap no other visit of the technician.',
      params: wsParams,
      body: optimiseDayApplySchema,
      response: { 200: jobChangeSchema },
    },
    allow: ['schedule.write', "optimise a technician's day"],
    run: async (actor, request) => {
      return applyOptimisedDay(deps.db.kysely, actor, request.body);
    },
  });

  memberRoute(app, deps.db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/travel-legs',
    schema: {
      tags: ['calendar'],
      description:
        "The drives between each technician's consecutive timed visits on each local day of the range " +
        '(≤ 42 days; the first from the home base when known), with the free time before each and whether ' +
        "it is too short for the drive, and each day's totals; `source` says where drive times came from.",
      params: wsParams,
      querystring: travelLegsQuerySchema,
      response: { 200: travelLegsSchema },
    },
    // Whoever may see the calendar sees its travel gaps (the calendar feed's policy).
    allow: ['schedule.read', 'see the calendar'],
    cache: 'private, no-cache',
    run: async (actor, request) => {
      return travelLegs(deps.db.kysely, provider, actor, request.query, legsCache);
    },
  });
}
