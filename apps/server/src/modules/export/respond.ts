import { Readable } from 'node:stream';
import type { ExportFormat } from '@fieldplan/shared';
import type { FastifyReply } from 'fastify';
import type { Column } from './cells.js';
import { csvChunks, excelCsv, plainCsv } from './csv.js';
import { xlsxStream } from './xlsx.js';

const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  'csv-excel': 'text/csv; charset=utf-8; header=present',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `customers-2026-11-26.csv`: what was exported and when (the workspace's date). */
export function exportFileName(what: string, format: ExportFormat, today: string): string {
  return `${what}-${today}.${format === 'xlsx' ? 'xlsx' : 'csv'}`;
}

/**
 * Streams the export as a download. Everything that can fail with a 4xx has been checked before
 * this is called: once the first bytes leave, a failure can only cut the download short.
 */
export function sendSheet<R>(
  reply: FastifyReply,
  options: { format: ExportFormat; fileName: string; sheetName: string },
  columns: readonly Column<R>[],
  pages: AsyncIterable<readonly R[]>,
): FastifyReply {
  const body =
    options.format === 'xlsx'
      ? xlsxStream(options.sheetName, columns, pages)
      : Readable.from(csvChunks(columns, pages, options.format === 'csv-excel' ? excelCsv : plainCsv));
  return reply
    .header('content-type', contentTypes[options.format])
    .header('content-disposition', `attachment; filename="${options.fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}
