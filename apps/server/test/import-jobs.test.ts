import type { Job } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { suggestMapping } from '../src/modules/import/headers.js';
import { createTestDb } from './harness.js';
import { changesOf, ws } from './helpers.js';
import { type Caller, fixture, preview, runImport, upload } from './import-helpers.js';
import { xlsxOf } from './import-xlsx.js';
import { type Inbox, notifyingApp, startInbox } from './notification-servers.js';
import { createCustomer, createTeam, createJob as newJob, type Team } from './schedule-helpers.js';

// Jobs from a Jobber-like export and a German spreadsheet saved by Excel (docs/PRODUCT.md, "Import"):
// exactly what was created, matched and refused, a re-import that changes nothing, no customer
// notifications, and one `import` change per chunk rather than one per job.

// Each import starts a worker thread (docs/adr/0036); from TypeScript sources on a busy machine that takes seconds.
describe('importing jobs', { timeout: 60_000 }, () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let inbox: Inbox;
  let team: Team;
  let erinId: string;

  beforeAll(async () => {
    ({ db, cleanup } = await createTestDb());
    inbox = await startInbox();
    app = await notifyingApp(db, inbox, null);
    team = await createTeam(app, { timeZone: 'Europe/Berlin' });
    erinId = (await createCustomer(team.owner, { name: 'Erin Existing', email: 'erin@existing.test' })).id;
  });
  afterAll(async () => {
    await app.close();
    await inbox.close();
    await cleanup();
  });

  const jobs = async () =>
    (await team.owner.client.get(ws(team.owner.workspaceId, '/jobs?limit=100'))).json<{ items: Job[] }>().items;
  const byTitle = async (title: string) => (await jobs()).find((j) => j.title === title);
  const customerNamed = (name: string) =>
    db.kysely
      .selectFrom('customers')
      .selectAll()
      .where('workspace_id', '=', team.owner.workspaceId)
      .where('name', '=', name)
      .execute();

  async function uploadedJobs(caller: Caller, name: string) {
    const res = await upload(app, caller, name, fixture(name), 'jobs');
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('reads a Jobber-like job export: maps its header, matches or creates customers, refuses bad rows', async () => {
    const imp = await uploadedJobs(team.owner, 'jobber-jobs.csv');
    expect(imp).toMatchObject({ kind: 'jobs', totalRows: 9 });
    expect(imp.mapping).toEqual([
      'sourceId',
      'title',
      'customer',
      'customerEmail',
      'customerPhone',
      'street1',
      'city',
      'zip',
      'start',
      'startTime',
      'endTime',
      'assignee',
      'status',
      'notes',
    ]);
    const { rows } = await preview(team.owner, imp, 'skip');
    expect(rows.map((r) => [r.row, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'create'],
      [5, 'refuse'],
      [6, 'refuse'],
      [7, 'refuse'],
      [8, 'refuse'],
      [9, 'skip'],
      [10, 'create'],
    ]);
    expect(rows[0]?.customer).toEqual({ id: erinId, name: 'Erin Existing', by: 'email' });
    expect(rows[1]?.customer).toEqual({ id: null, name: 'Carl Diaz', by: 'new' });
    // Carl, created two rows up, by name: the preview matches the file's own rows too.
    expect(rows[2]?.customer).toEqual({ id: null, name: 'Carl Diaz', by: 'name' });
    expect(rows[3]?.problems).toEqual([{ row: 5, field: 'title', message: 'Title is required' }]);
    expect(rows[4]?.problems).toEqual([{ row: 6, field: 'endTime', message: 'End "1:00 PM" is not after the start' }]);
    expect(rows[5]?.problems).toEqual([
      { row: 7, field: 'assignee', message: 'Technician "Nobody Known" is not an active technician here' },
    ]);
    expect(rows[6]?.problems).toEqual([
      { row: 8, field: 'start', message: 'Start "13/45/2026" is not a date or date and time' },
    ]);

    const done = await runImport(team.owner, imp, 'skip');
    expect(done).toMatchObject({ status: 'done', created: 4, skipped: 1, refused: 4, processedRows: 9 });
    expect(done.refusals.map((p: { row: number; field: string }) => [p.row, p.field])).toEqual([
      [5, 'title'],
      [6, 'endTime'],
      [7, 'assignee'],
      [8, 'start'],
    ]);
    // 9:00 AM in Berlin in December is 08:00 UTC.
    expect(await byTitle('Gutter cleaning')).toMatchObject({
      customerId: erinId,
      start: '2026-12-01T08:00:00.000Z',
      end: '2026-12-01T10:00:00.000Z',
      assigneeIds: [team.tech1.memberId],
      status: 'scheduled',
      description: 'Ladder needed',
    });
    const carl = await customerNamed('Carl Diaz');
    expect(carl).toHaveLength(1);
    expect(carl[0]).toMatchObject({
      email: 'carl@diaz.test',
      phone: '512-555-0102',
      address: '200 Lamar Blvd, 78704 Austin',
    });
    expect(await byTitle('Window wash')).toMatchObject({
      customerId: carl[0]?.id,
      address: '200 Lamar Blvd, 78704 Austin',
      assigneeIds: [team.tech2.memberId],
      description: 'Gate code 1234\nDog in yard',
    });
    expect(await byTitle('Roof check')).toMatchObject({ customerId: carl[0]?.id, status: 'unscheduled', start: null });
    expect(await byTitle('Done job')).toMatchObject({ status: 'completed', start: '2026-11-20T07:00:00.000Z' });
    // The same source id twice: one job.
    expect(await byTitle('Window wash again')).toBeUndefined();
    expect(await jobs()).toHaveLength(4);
  });

  it('reads a German Excel export (Windows-1252, semicolons, dd.mm.yyyy, German status words)', async () => {
    const imp = await uploadedJobs(team.owner, 'auftraege-excel.csv');
    expect(imp).toMatchObject({ encoding: 'windows-1252', encodingGuessed: true, totalRows: 5 });
    expect(imp.mapping).toEqual([
      'sourceId',
      'title',
      'customer',
      'street1',
      'zip',
      'city',
      'start',
      'startTime',
      'endTime',
      'assignee',
      'status',
      'notes',
    ]);
    const done = await runImport(team.owner, imp, 'skip');
    expect(done).toMatchObject({ status: 'done', created: 3, skipped: 0, refused: 2 });
    expect(done.refusals.map((p: { row: number; field: string }) => [p.row, p.field])).toEqual([
      [5, 'start'],
      [6, 'status'],
    ]);
    const müller = await customerNamed('Müller GmbH');
    expect(müller).toHaveLength(1);
    expect(await byTitle('Heizungswartung')).toMatchObject({
      customerId: müller[0]?.id,
      address: 'Hauptstraße 5, 10115 Berlin',
      start: '2026-12-01T07:30:00.000Z',
      end: '2026-12-01T09:00:00.000Z',
      status: 'scheduled',
      description: 'Schlüssel beim Nachbarn',
    });
    // No end and no duration: one hour; "offen" without a technician stays unscheduled.
    expect(await byTitle('Störung Therme')).toMatchObject({
      start: '2026-12-02T13:00:00.000Z',
      end: '2026-12-02T14:00:00.000Z',
      status: 'unscheduled',
    });
    // "MÜLLER GMBH" is Müller GmbH (by name); the job takes its address.
    expect(await byTitle('Abnahme')).toMatchObject({
      customerId: müller[0]?.id,
      address: 'Hauptstraße 5, 10115 Berlin',
      start: '2026-11-28T08:00:00.000Z',
      status: 'completed',
    });
  });

  it('reads an Excel workbook’s dates and times as wall-clock times in the workspace’s zone', async () => {
    const bytes = await xlsxOf([
      ['Title', 'Address', 'Date', 'Start time', 'End time'],
      [
        'Xlsx job',
        'Torstraße 1, Berlin',
        new Date(Date.UTC(2026, 11, 5)),
        new Date(Date.UTC(1899, 11, 30, 9, 15)),
        new Date(Date.UTC(1899, 11, 30, 10, 45)),
      ],
    ]);
    const res = await upload(app, team.owner, 'jobs.xlsx', bytes, 'jobs');
    expect(res.statusCode, res.body).toBe(201);
    const imp = res.json();
    expect(imp.mapping).toEqual(['title', 'address', 'start', 'startTime', 'endTime']);
    const done = await runImport(team.owner, imp, 'skip');
    expect(done).toMatchObject({ created: 1, refused: 0 });
    expect(await byTitle('Xlsx job')).toMatchObject({
      customerId: null,
      start: '2026-12-05T08:15:00.000Z',
      end: '2026-12-05T09:45:00.000Z',
    });
  });

  it('checks a customer it would create as the customer form does, not one it matches', async () => {
    const csv = 'Title,Client name,Client phone,Address\nA,New Person,12,1 Main St\nB,Erin Existing,12,\n';
    const res = await upload(app, team.owner, 'phones.csv', Buffer.from(csv), 'jobs');
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await preview(team.owner, res.json(), 'skip');
    expect(rows.map((r) => [r.action, r.customer?.by, r.problems.map((p) => p.field)])).toEqual([
      ['refuse', 'new', ['customerPhone']],
      ['create', 'name', []],
    ]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await jobs();
    const imp = await uploadedJobs(team.owner, 'jobber-jobs.csv');
    const { rows } = await preview(team.owner, imp, 'skip');
    expect(rows.filter((r) => r.action === 'skip').map((r) => r.row)).toEqual([2, 3, 4, 9, 10]);
    const done = await runImport(team.owner, imp, 'skip');
    expect(done).toMatchObject({ created: 0, skipped: 5, refused: 4 });
    expect((await jobs()).map((j) => [j.id, j.version]).sort()).toEqual(before.map((j) => [j.id, j.version]).sort());
    expect(await customerNamed('Carl Diaz')).toHaveLength(1);
  });

  it('writes no customer notification and one import change per chunk, not one per job', async () => {
    const imported = await db.kysely
      .selectFrom('notifications')
      .select('id')
      .where('workspace_id', '=', team.owner.workspaceId)
      .execute();
    expect(imported).toEqual([]);
    const changes = await changesOf(db, team.owner.workspaceId);
    expect(changes.filter((c) => c.entity === 'job')).toEqual([]);
    // Each import is small (one chunk): start, the chunk, geocoding's phase and batches, done.
    expect(changes.filter((c) => c.entity === 'import').length).toBeGreaterThanOrEqual(3 * 3);
    // The same workspace does notify for a job booked by hand (the stand-in mail server is live).
    const c = await createCustomer(team.owner, { name: 'Hand Booked', email: 'hand@booked.test' });
    const start = Date.parse('2026-12-10T09:00:00Z');
    const job = await newJob(team.owner, {
      customerId: c.id,
      start: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
      assigneeIds: [team.tech1.memberId],
    });
    const booked = await db.kysely.selectFrom('notifications').select('id').where('job_id', '=', job.id).execute();
    expect(booked.length).toBeGreaterThan(0);
  });
});

// Each import starts a worker thread (docs/adr/0036); from TypeScript sources on a busy machine that takes seconds.
describe('job headers', { timeout: 60_000 }, () => {
  it('maps a Housecall-Pro-like and a German header', () => {
    expect(
      suggestMapping('jobs', [
        'Job #',
        'Customer name',
        'Job description',
        'Street',
        'City',
        'State',
        'Zip',
        'Scheduled start',
        'Scheduled end',
        'Assigned employees',
        'Job status',
        'Priority',
      ]),
    ).toEqual([
      'sourceId',
      'customer',
      'notes',
      'street1',
      'city',
      'state',
      'zip',
      'start',
      'end',
      'assignee',
      'status',
      'priority',
    ]);
    expect(
      suggestMapping('jobs', [
        'Auftrag',
        'Kunde',
        'Termin',
        'Beginn',
        'Ende',
        'Dauer (Minuten)',
        'Techniker',
        'Status',
        'Notizen',
      ]),
    ).toEqual(['title', 'customer', 'start', 'startTime', 'endTime', 'duration', 'assignee', 'status', 'notes']);
  });
});
