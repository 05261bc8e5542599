import {
  customerExportQuerySchema,
  type ExportFormat,
  jobExportQuerySchema,
  visitExportQuerySchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { enforceLimit } from '../../http/rate-limit.js';
import { wsParams } from '../../http/versioned-routes.js';
import { type Actor, authorize, requireMember } from '../../http/workspace-access.js';
import { listMembers } from '../members/index.js';
import { workspaceZone } from '../workspaces/index.js';
import { type Column, localDateTime } from './cells.js';
import { customerColumns, jobColumns, visitColumns } from './columns.js';
import { exportFileName, sendSheet } from './respond.js';
import { checkedVisitRange, customerPages, jobPages, visitPages } from './sources.js';

/** Exports a minute per member: each reads a whole list (docs/PRODUCT.md, "Limits"). */
export const exportsPerMinute = 30;
const download =
  "A download (CSV or .xlsx, see `format`), streamed; text cells starting with = + - @ tab or CR get a leading '.";

/** An export's columns and its rows, page by page. */
interface Sheet<R> {
  columns: readonly Column<R>[];
  pages: AsyncIterable<readonly R[]>;
}

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

  /** GET …/exports/<name>: the sheet `sheet` makes of the query, in the workspace's zone, as a download. */
  const exportRoute = <Q extends { format: ExportFormat }, R>(
    name: string,
    sheetName: string,
    description: string,
    querystring: z.ZodType<Q>,
    sheet: (actor: Actor, zone: string, query: Q) => Promise<Sheet<R>>,
  ) =>
    app.get(
      `/api/v1/workspaces/:ws/exports/${name}`,
      { schema: { tags, description: `${description} ${download}`, params: wsParams, querystring } },
      async (request, reply) => {
        const { actor, zone, today } = await begin(request, request.params.ws);
        const query = request.query as Q;
        const { columns, pages } = await sheet(actor, zone, query);
        const fileName = exportFileName(name, query.format, today);
        return sendSheet(reply, { format: query.format, fileName, sheetName }, columns, pages);
      },
    );

  exportRoute(
    'customers',
    'Customers',
    'The customers list (its search `q`).',
    customerExportQuerySchema,
    async (actor, zone, query) => ({
      columns: customerColumns(zone),
      pages: customerPages(db.kysely, actor.workspaceId, query),
    }),
  );
  exportRoute('jobs', 'Jobs', 'The jobs list (its filters).', jobExportQuerySchema, async (actor, zone, query) => ({
    columns: jobColumns(zone, await memberNames(actor.workspaceId)),
    pages: jobPages(db.kysely, actor, query),
  }));
  exportRoute(
    'visits',
    'Visits',
    "Every visit of a range (≤ 100 days) with the calendar's filters, each with its notes and checklist answers.",
    visitExportQuerySchema,
    async (actor, zone, query) => {
      const range = checkedVisitRange(query, zone);
      return {
        columns: visitColumns(zone, await memberNames(actor.workspaceId)),
        pages: visitPages(db.kysely, actor.workspaceId, zone, range, query),
      };
    },
  );
}
