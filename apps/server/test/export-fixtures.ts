import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { appOrigin } from './harness.js';
import type { Res, WorkspaceCaller } from './helpers.js';

/** A CSV answer as rows of fields (csv-parse reads RFC 4180 independently of our writer). */
export function csvRows(res: Res, delimiter = ','): string[][] {
  const text = res.rawPayload.toString('utf8').replace(/^\uFEFF/, '');
  return parse(text, { delimiter, relax_column_count: false }) as string[][];
}

/** An .xlsx answer opened back with exceljs: the first sheet's rows as cell values. */
export async function xlsxRows(res: Res): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** The archive's entries by name. */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  for (;;) {
    const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      zip
        .once('entry', resolve)
        .once('end', () => resolve(null))
        .once('error', reject);
      zip.readEntry();
    });
    zip.removeAllListeners();
    if (!entry) break;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    out.set(entry.fileName, Buffer.concat(chunks));
  }
  zip.close();
  return out;
}

/** A zip of these entries (deflated unless told). */
export async function zipOf(entries: Map<string, Buffer>, compress = true): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name, { compress });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** POSTs an archive as the signed-in caller (raw bytes, not JSON). */
export function postArchive(app: FastifyInstance, caller: Pick<WorkspaceCaller, 'client'>, bytes: Buffer) {
  const cookie = [...caller.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return app.inject({
    method: 'POST',
    url: '/api/v1/workspace-archives',
    headers: { origin: appOrigin, cookie, 'content-type': 'application/zip' },
    payload: bytes,
  });
}
