import { customerExportQuerySchema, jobExportQuerySchema, visitExportQuerySchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { enforceLimit } from '../../http/rate-limit.js';
import { wsParams } from '../../http/versioned-routes.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import { listMembers } from '../members/index.js';
import { workspaceZone } from '../workspaces/index.js';
import { localDateTime } from './cells.js';
import { customerColumns, jobColumns, visitColumns } from './columns.js';
import { exportFileName, sendSheet } from './respond.js';
import { checkedVisitRange, customerPages, jobPages, visitPages } from './sources.js';

/** Exports a minute per member: each reads a whole list (docs/PRODUCT.md, "Limits"). */
export const exportsPerMinute = 30;
const download =
  "A download (CSV or .xlsx, see `format`), streamed; text cells starting with = + - @ tab or CR get a leading '.";

/** Spreadsheet exports of the lists, with the lists' filters (docs/PRODUCT.md, "Export"). */
export function exportRoutes(fastify: FastifyInstance, { db, limiter }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['export'];

  const begin = async (request: Parameters<typeof requireMember>[1], ws: string) => {
    const actor = await requireMember(db, request, ws);
    authorize(actor, 'data.export', 'export data');
    await enforceLimit(limiter, `export:${actor.memberId}`, exportsPerMinute, 'exports');
    const zone = await workspaceZone(db.kysely, actor.workspaceId);
    const today = localDateTime(Date.now(), zone).slice(0, 10);
    return { actor, zone, today };
  };
  const memberNames = async (workspaceId: string) =>
    new Map((await listMembers(db.kysely, workspaceId)).map((m) => [m.id, m.name] as const));

  app.get(
    '/api/v1/workspaces/:ws/exports/customers',
    {
      schema: {
        tags,
        description: `The customers list (its search \`q\`). ${download}`,
        params: wsParams,
        querystring: customerExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { actor, zone, today } = await begin(request, request.params.ws);
      const { format } = request.query;
      return sendSheet(
        reply,
        { format, fileName: exportFileName('customers', format, today), sheetName: 'Customers' },
        customerColumns(zone),
        customerPages(db.kysely, actor.workspaceId, request.query),
      );
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/exports/jobs',
    {
      schema: {
        tags,
        description: `The jobs list (its filters). ${download}`,
        params: wsParams,
        querystring: jobExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { actor, zone, today } = await begin(request, request.params.ws);
      const { format } = request.query;
      return sendSheet(
        reply,
        { format, fileName: exportFileName('jobs', format, today), sheetName: 'Jobs' },
        jobColumns(zone, await memberNames(actor.workspaceId)),
        jobPages(db.kysely, actor, request.query),
      );
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/exports/visits',
    {
      schema: {
        tags,
        description: `Every visit of a range (≤ 100 days) with the calendar's filters, each with its notes and checklist answers. ${download}`,
        params: wsParams,
        querystring: visitExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { actor, zone, today } = await begin(request, request.params.ws);
      const { format } = request.query;
      const range = checkedVisitRange(request.query, zone);
      return sendSheet(
        reply,
        { format, fileName: exportFileName('visits', format, today), sheetName: 'Visits' },
        visitColumns(zone, await memberNames(actor.workspaceId)),
        visitPages(db.kysely, actor.workspaceId, zone, range, request.query),
      );
    },
  );
}
