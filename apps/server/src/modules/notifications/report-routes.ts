import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors/app-error.js';
import { enforceLimit, publicLinkRequestsPerMinute } from '../../http/rate-limit.js';
import { reportPage, visitReport } from './report.js';
import { readReportToken } from './report-token.js';

/** The customer's visit report link, sent as {reportLink} with "visit completed" (docs/adr/0029, "Report links"). */
export function reportRoutes(fastify: FastifyInstance, deps: Deps, key: () => Promise<Buffer>) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/visit-report/:token',
    {
      schema: {
        tags: ['notifications'],
        description:
          'Public (no session): the report of one completed visit as a page, for the customer. 404 for a token this server did not sign or a visit that is not completed (or deleted); 60 a minute per address.',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      await enforceLimit(deps.limiter, `report:${request.ip}`, publicLinkRequestsPerMinute);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex');
      const visit = readReportToken(await key(), request.params.token);
      const report = visit ? await visitReport(deps.db.kysely, visit.jobId, visit.occurrenceKey) : null;
      if (!report) throw notFound('This visit report');
      return reportPage(report);
    },
  );
}
