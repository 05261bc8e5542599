import { Readable } from 'node:stream';
import { importLimits } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { createTestApp, type TestContext } from './harness.js';
import { countRows, expectFieldError, expectProblem } from './helpers.js';
import { upload } from './import-helpers.js';
import { createTeam, type Team } from './schedule-helpers.js';

// Bad files are refused whole, with a message naming the file and what is wrong (docs/PRODUCT.md,
// "Import"): nothing is kept of them, and a workbook is inspected before it is unpacked.

/** A zip of these parts; `repeat` parts are a short text repeated (deflate packs it ~1000×). */
function zipOf(parts: Record<string, string | { repeat: string; times: number }>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(parts)) {
    if (typeof content === 'string') zip.addBuffer(Buffer.from(content), name);
    else {
      const { repeat, times } = content;
      const chunk = Buffer.from(repeat.repeat(Math.ceil(65536 / repeat.length)));
      let left = times;
      const stream = new Readable({
        read() {
          if (left <= 0) return this.push(null);
          left--;
          this.push(chunk);
        },
      });
      zip.addReadStream(stream, name);
    }
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const workbookParts = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>',
};

// Each import starts a worker thread (docs/adr/0036); from TypeScript sources on a busy machine that takes seconds.
describe('bad import files', { timeout: 60_000 }, () => {
  let ctx: TestContext;
  let team: Team;
  const send = (name: string, bytes: Buffer) => upload(ctx.app, team.owner, name, bytes);

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 413 naming a file over 50 MB', async () => {
    const res = await send('huge.csv', Buffer.alloc(importLimits.maxBytes + 1, 'a'));
    expect(expectProblem(res, 413, 'payload_too_large').detail).toContain('huge.csv is larger than 50 MB');
  });

  it('answers 415 for what is neither CSV nor a workbook, by its bytes', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect(expectProblem(await send('photo.csv', png), 415, 'unsupported_media_type').detail).toContain('photo.csv');
    const notAWorkbook = await zipOf({ 'word/document.xml': '<w/>' });
    expect(expectProblem(await send('letter.xlsx', notAWorkbook), 415).detail).toContain('no xl/workbook.xml');
  });

  it('refuses a zip bomb from its central directory, without unpacking it', async () => {
    const bomb = await zipOf({
      ...workbookParts,
      'xl/worksheets/sheet1.xml': { repeat: '<row><c><v>0</v></c></row>', times: 6000 },
    });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const res = await send('bomb.xlsx', bomb);
    expect(expectProblem(res, 415).detail).toMatch(
      /bomb\.xlsx can't be read as a workbook: .*(unpacks to more|compressed suspiciously)/,
    );
    // 390 MB of XML were declared; reading it would have shown here.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a workbook that declares a DOCTYPE (external entities)', async () => {
    const xxe = await zipOf({
      ...workbookParts,
      'xl/worksheets/sheet1.xml':
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>&e;</t></is></c></row></sheetData></worksheet>',
    });
    expect(expectProblem(await send('xxe.xlsx', xxe), 415).detail).toContain('declares a DOCTYPE');
  });

  it('refuses a workbook whose parts are named outside it (../, /) as damaged: 415, not 500', async () => {
    // yazl won't write such names: the zip is made with a stand-in name of the same length, then renamed in place.
    for (const [standIn, name] of [
      ['xx/evil.xml', '../evil.xml'],
      ['xetc/evil.xml', '/etc/evil.xml'],
    ] as const) {
      const zip = await zipOf({ ...workbookParts, [standIn]: '<x/>' });
      const renamed = Buffer.from(zip.toString('latin1').replaceAll(standIn, name), 'latin1');
      expect(renamed.includes(name)).toBe(true);
      const res = await send('slip.xlsx', renamed);
      const detail = expectProblem(res, 415, 'unsupported_media_type').detail;
      expect(detail).toMatch(/^slip\.xlsx can't be read as a workbook: its list of parts is damaged/);
      expect(detail).toContain(name);
    }
    expect(await countRows(ctx.db, 'imports')).toBe(0);
  });

  it(`refuses a file of more than ${importLimits.maxColumns} columns at intake, naming the limit`, async () => {
    const header = Array.from({ length: importLimits.maxColumns + 1 }, (_, i) => `Column ${i + 1}`);
    const wide = Buffer.from(`${header.join(',')}
${header.map(() => 'x').join(',')}
`);
    expect(expectFieldError(await send('wide.csv', wide), 'file')).toBe(
      `wide.csv has ${importLimits.maxColumns + 1} columns; an import reads at most ${importLimits.maxColumns}: remove the columns you don't need and upload it again`,
    );
    expect(await countRows(ctx.db, 'imports')).toBe(0);
    const list = await team.owner.client.get(`/api/v1/workspaces/${team.owner.workspaceId}/imports`);
    expect(list.statusCode, list.body).toBe(200);
  });

  it('names the row of an unclosed quote, a file without rows, and one of empty rows only', async () => {
    const quote = await send(
      'quote.csv',
      Buffer.from('Name,Email\nAnna,anna@x.test\n"Bob,bob@x.test\nCarl,c@x.test\n'),
    );
    expect(expectFieldError(quote, 'file')).toMatch(/^Row 3 opens a quoted field that is never closed/);
    const headerOnly = await send('header.csv', Buffer.from('Name,Email,Phone\r\n'));
    expect(expectFieldError(headerOnly, 'file')).toBe('header.csv has a header row but no rows of data');
    const empties = await send('empty.csv', Buffer.from(`Name,Email\n${',\n'.repeat(100_000)}`));
    expect(expectFieldError(empties, 'file')).toBe(
      'empty.csv has a header row but no rows of data (100,000 empty rows ignored)',
    );
    expect(expectFieldError(await send('nothing.csv', Buffer.alloc(0)), 'file')).toBe(
      'nothing.csv is empty: it needs a header row and at least one row of data',
    );
    expect(await countRows(ctx.db, 'imports')).toBe(0);
  });

  it('refuses a bad mapping naming the column', async () => {
    const res = await send('ok.csv', Buffer.from('Name,Address\nAnna,Berlin\n'));
    const imp = res.json<{ id: string }>();
    const path = `/api/v1/workspaces/${team.owner.workspaceId}/imports/${imp.id}/preview`;
    const bad = await team.owner.client.post(path, { mapping: ['name', 'colour'], duplicatePolicy: 'skip' });
    expect(expectFieldError(bad, 'mapping.1')).toBe('Column "Address" can\'t fill "colour": no such customers field');
  });
});
