import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportsPerMinute } from '../src/modules/export/routes.js';
import { csvRows, unzip, xlsxRows } from './export-fixtures.js';
import { createTestApp, type TestContext } from './harness.js';
import { expectFieldError, expectProblem, exportPath, inviteMember, listRoutes, ws } from './helpers.js';

import { createCustomer, createTeam, setStatus, type Team } from './schedule-helpers.js';
import { createTemplate, createVisitJob, postNote, put } from './work-record-fixtures.js';

// Spreadsheet export (docs/PRODUCT.md, "Export"; docs/adr/0035-export-and-workspace-archive.md).
describe('export', () => {
  let ctx: TestContext;
  let team: Team;
  const url = (rest: string) => ws(team.owner.workspaceId, `/exports${rest}`);
  const hostile = ['=HYPERLINK("http://evil.test","x")', '+1', '-2', '@SUM(A1:A9)', '\tcmd', '\rcmd'];

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
    await createCustomer(team.owner, {
      name: 'Müller, "Sanitär" GmbH',
      notes: 'Gate code 1234\nRing twice; dog ✓ 東京',
      lat: -33.8688,
      lng: 151.2093,
    });
    for (const [i, text] of hostile.entries()) {
      await createCustomer(team.owner, { name: `Hostile ${i}`, notes: text, email: null, phone: null });
    }
    await createCustomer(team.owner, { name: 'Zeta Plain', phone: '030 1234567', email: 'zeta@example.test' });
  });
  afterAll(() => ctx.close());

  it('writes RFC 4180 CSV: quotes around commas, quotes doubled, newlines kept, UTF-8 unicode', async () => {
    const res = await team.owner.client.get(url('/customers?format=csv'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload[0]).not.toBe(0xef);
    expect(res.body).toContain('"Müller, ""Sanitär"" GmbH"');
    expect(res.body.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = csvRows(res);
    expect(header).toEqual([
      'Name',
      'Email',
      'Phone',
      'Address',
      'Latitude',
      'Longitude',
      'Notes',
      'Created',
      'Updated',
      'Id',
    ]);
    expect(rows).toHaveLength(hostile.length + 2);
    const muller = rows.find((r) => r[0]?.startsWith('Müller'));
    expect(muller?.slice(0, 7)).toEqual([
      'Müller, "Sanitär" GmbH',
      'anna@example.test',
      // A phone starting with + is text a spreadsheet would compute: neutralised like any other.
      "'+49 30 1234567",
      'Kastanienallee 12, 10435 Berlin',
      '-33.8688',
      '151.2093',
      'Gate code 1234\nRing twice; dog ✓ 東京',
    ]);
    expect(muller?.[7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('CSV for Excel: a byte-order mark, `;` between fields and decimal commas in numbers', async () => {
    const res = await team.dispatcher.client.get(url('/customers?format=csv-excel&q=sanitär'));
    expect(res.statusCode, res.body).toBe(200);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRows(res, ';');
    expect(rows[0]?.[0]).toBe('Name');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 1)).toEqual(['Müller, "Sanitär" GmbH']);
    expect(rows[1]?.[4]).toBe('-33,8688');
    expect(res.body).toContain(';-33,8688;151,2093;');
  });

  it('neutralises every CSV text cell that would start a formula; xlsx keeps it as text; numbers stay numbers', async () => {
    const csv = csvRows(await team.owner.client.get(url('/customers?q=hostile')));
    const notes = csv.slice(1).map((r) => r[6]);
    expect(notes).toEqual(hostile.map((h) => `'${h}`));
    const workbook = await team.owner.client.get(url('/customers?format=xlsx&q=hostile'));
    const xlsx = await xlsxRows(workbook);
    // A typed text cell is never run, so it needs no quote; XML reads a stored CR back as LF.
    expect(xlsx.slice(1).map((r) => r[6])).toEqual(hostile.map((h) => h.replace('\r', '\n')));
    const sheet = (await unzip(workbook.rawPayload)).get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
    expect(sheet).toContain('<v>=HYPERLINK(');
    expect(sheet).not.toMatch(/<f[ >]/);
    const all = await xlsxRows(await team.owner.client.get(url('/customers?format=xlsx&q=sanitär')));
    expect(all[1]?.[4]).toBe(-33.8688);
    expect(typeof all[1]?.[4]).toBe('number');
  });

  it('writes an .xlsx that exceljs opens back with the same rows as the CSV', async () => {
    const res = await team.owner.client.get(url('/customers?format=xlsx'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="customers-.*\.xlsx"/);
    const rows = await xlsxRows(res);
    const csv = csvRows(await team.owner.client.get(url('/customers')));
    expect(rows).toHaveLength(csv.length);
    expect(rows.map((r) => r[0])).toEqual(csv.map((r) => r[0]));
    expect(rows.find((r) => String(r[0]).startsWith('Müller'))?.[6]).toBe('Gate code 1234\nRing twice; dog ✓ 東京');
  });

  it("applies the lists' filters: customers by search, jobs by status, visits by range and technician", async () => {
    expect(csvRows(await team.owner.client.get(url('/customers?q=zeta'))).map((r) => r[0])).toEqual([
      'Name',
      'Zeta Plain',
    ]);
    const a = await createVisitJob(team.owner, team.tech1.memberId, { title: 'Alpha boiler' });
    const b = await createVisitJob(team.owner, team.tech2.memberId, {
      title: 'Beta pump',
      start: '2026-03-03T08:00:00Z',
      end: '2026-03-03T09:00:00Z',
    });
    await createVisitJob(team.owner, team.tech1.memberId, {
      title: 'Gamma later',
      start: '2026-05-03T08:00:00Z',
      end: '2026-05-03T09:00:00Z',
    });
    expect((await setStatus(team.owner, b, 'en_route')).statusCode).toBe(200);
    const enRoute = csvRows(await team.owner.client.get(url('/jobs?status=en_route')));
    expect(enRoute.map((r) => r[0])).toEqual(['Title', 'Beta pump']);
    expect(enRoute[1]?.[10]).toBe('Tara Tech');

    const march = csvRows(await team.owner.client.get(url('/visits?start=2026-03-01&end=2026-03-08')));
    expect(march.map((r) => r[2])).toEqual(['Title', 'Alpha boiler', 'Beta pump']);
    const tim = csvRows(
      await team.owner.client.get(url(`/visits?start=2026-03-01&end=2026-03-08&technicianId=${team.tech1.memberId}`)),
    );
    expect(tim.map((r) => r[2])).toEqual(['Title', 'Alpha boiler']);
    expect(tim[1]?.[9]).toBe(a.id);
  });

  it("puts a visit's notes and checklist answers in its row", async () => {
    const template = await createTemplate(team.owner);
    const job = await createVisitJob(team.owner, team.tech1.memberId, {
      title: 'Boiler check',
      start: '2026-04-06T08:00:00Z',
      end: '2026-04-06T09:00:00Z',
    });
    expect((await postNote(team.tech1, job.id, { id: randomUUID(), body: 'Replaced the =valve' })).statusCode).toBe(
      201,
    );
    const answered = await put(team.tech1, `/jobs/${job.id}/checklists/${template.id}/answers`, {
      answers: { gas: true, reading: 12, state: 'good' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const rows = csvRows(await team.owner.client.get(url('/visits?start=2026-04-06&end=2026-04-07')));
    expect(rows[0]?.slice(7, 9)).toEqual(['Notes', 'Checklists']);
    expect(rows[1]?.[7]).toBe('Replaced the =valve');
    expect(rows[1]?.[8]).toBe(
      'Boiler safety — Gas pressure checked: yes; Flue reading: 12 ppm; Condition: good; Remarks: —',
    );
  });

  it('refuses a bad range or format with 400 naming the field, before any byte is sent', async () => {
    expectFieldError(await team.owner.client.get(url('/visits?start=2026-03-01&end=2026-09-01')), 'end');
    expectFieldError(await team.owner.client.get(url('/visits?end=2026-03-01')), 'querystring.start');
    expectFieldError(await team.owner.client.get(url('/customers?format=pdf')), 'querystring.format');
  });

  it('covers every export and archive route the app registers (roles here and in archive.test.ts)', () => {
    const registered = listRoutes(ctx.app)
      .filter((r) => exportPath.test(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual([
      'GET /api/v1/workspaces/:ws/archive',
      'GET /api/v1/workspaces/:ws/exports/customers',
      'GET /api/v1/workspaces/:ws/exports/jobs',
      'GET /api/v1/workspaces/:ws/exports/visits',
    ]);
  });

  it('lets owners and dispatchers export; technicians and viewers get 403; another workspace is 404', async () => {
    for (const path of ['/customers', '/jobs', '/visits?start=2026-03-01&end=2026-03-08']) {
      expect((await team.dispatcher.client.get(url(path))).statusCode).toBe(200);
      expectProblem(await team.tech1.client.get(url(path)), 403, 'forbidden');
      expectProblem(await team.viewer.client.get(url(path)), 403, 'forbidden');
    }
    const other = await createTeam(ctx.app);
    expectProblem(await other.owner.client.get(url('/customers')), 404, 'not_found');
    const signedOut = await ctx.app.inject({ method: 'GET', url: url('/customers') });
    expect(signedOut.statusCode).toBe(401);
  });

  it(`counts exports per member: one more than ${exportsPerMinute} in a minute is 429 with Retry-After`, async () => {
    const busy = await inviteMember(ctx.app, team.owner, 'dispatcher', { name: 'Busy Dispatcher' });
    for (let i = 0; i < exportsPerMinute; i++) {
      expect((await busy.client.get(url('/customers?q=zeta'))).statusCode).toBe(200);
    }
    const limited = await busy.client.get(url('/customers?q=zeta'));
    expectProblem(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
