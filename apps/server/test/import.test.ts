import type { Customer, UnplacedRow } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeText } from '../src/lib/text.js';
import { searchTextOf } from '../src/modules/customers/presenter.js';
import { createTestApp, type TestContext } from './harness.js';
import { changesOf, expectProblem, ws } from './helpers.js';
import { fixture, preview, runImport, upload, uploaded } from './import-helpers.js';
import { xlsxOf } from './import-xlsx.js';
import { createCustomer, createTeam, type Team } from './schedule-helpers.js';

// Customers from the exports of two field-service tools and a hand-made spreadsheet (docs/PRODUCT.md,
// "Import"): exactly what was created, matched and refused, and a re-import that changes nothing.

// Each import starts a worker thread (docs/adr/0036); from TypeScript sources on a busy machine that takes seconds.
describe('importing customers', { timeout: 60_000 }, () => {
  let ctx: TestContext;
  let team: Team;

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
    await createCustomer(team.owner, { name: 'Erin Existing', email: 'erin@existing.test', phone: '+1 512 555 0999' });
    await createCustomer(team.owner, {
      name: 'Alt Kunde',
      email: null,
      phone: '+49 40 5550404',
      address: 'Alte Straße 1, 20095 Hamburg',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const customers = async () =>
    (await team.owner.client.get(ws(team.owner.workspaceId, '/customers?limit=100'))).json<{ items: Customer[] }>()
      .items;
  const byName = async (name: string) => (await customers()).find((c) => c.name === name);

  it('reads a Jobber-like client export: maps its header, creates, skips duplicates and refuses bad rows', async () => {
    const imp = await uploaded(ctx.app, team.owner, 'jobber-clients.csv', fixture('jobber-clients.csv'));
    expect(imp).toMatchObject({ format: 'csv', encoding: 'utf-8', encodingGuessed: false, totalRows: 8 });
    expect(imp.mapping).toEqual([
      'sourceId',
      'name',
      'company',
      'firstName',
      'lastName',
      'phone',
      'email',
      'street1',
      'street2',
      'city',
      'state',
      'zip',
      'country',
      'notes',
    ]);

    const { rows } = await preview(team.owner, imp, 'skip');
    expect(rows.map((r) => [r.row, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'skip'],
      [5, 'refuse'],
      [6, 'refuse'],
      [7, 'skip'],
      [8, 'refuse'],
      [10, 'create'],
    ]);
    expect(rows[2]?.match).toMatchObject({ name: 'Erin Existing', by: 'email' });
    expect(rows[3]?.problems).toEqual([{ row: 5, field: 'name', message: 'Name is required' }]);
    expect(rows[4]?.problems).toEqual([{ row: 6, field: 'email', message: 'Email must be a valid email address' }]);
    expect(rows[6]?.problems[0]).toMatchObject({ row: 8, field: 'row' });
    expect(rows[1]?.values).toMatchObject({
      name: 'Carl Diaz',
      email: 'carl@diaz.test',
      address: '200 Lamar Blvd Suite 5, 78704 Austin, TX, United States',
      notes: 'Gate code 1234\r\nDog in yard',
    });
    // Frank's phone is Carl's, created a row before: the preview matches the file's own rows too.
    expect(rows[5]).toMatchObject({ values: { phone: '512 555 0102' }, match: { name: 'Carl Diaz', by: 'phone' } });

    const done = await runImport(team.owner, imp, 'skip');
    expect(done).toMatchObject({ status: 'done', created: 3, updated: 0, skipped: 2, refused: 3, processedRows: 8 });
    expect(done.refusals.map((p) => [p.row, p.field])).toEqual([
      [5, 'name'],
      [6, 'email'],
      [8, 'row'],
    ]);
    const anna = await byName('Anna Baker');
    expect(anna).toMatchObject({ email: 'anna@bakery.test', phone: '512-555-0101', notes: 'Likes mornings' });
    // No geocoder in tests: Austin is placed from the built-in city index; Xyzzyville can't be.
    expect(anna?.lat).toBeCloseTo(30.27, 1);
    expect(await byName('Frank Ortiz')).toBeUndefined();
    expect(done.unplaced).toBe(1);
    const unplaced = await team.owner.client.get(ws(team.owner.workspaceId, `/imports/${imp.id}/unplaced`));
    expect(unplaced.json<{ items: UnplacedRow[] }>().items).toEqual([
      expect.objectContaining({ row: 10, entity: 'customer', name: 'Gina Gone' }),
    ]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await customers();
    const imp = await uploaded(ctx.app, team.owner, 'jobber-clients.csv', fixture('jobber-clients.csv'));
    const done = await runImport(team.owner, imp, 'update');
    expect(done).toMatchObject({ created: 0, updated: 0, skipped: 5, refused: 3 });
    expect(await customers()).toEqual(before);
  });

  it('reads a German Excel CSV in Windows-1252 with semicolons and updates the customer it matches by phone', async () => {
    const imp = await uploaded(ctx.app, team.owner, 'kunden-excel.csv', fixture('kunden-excel.csv'));
    expect(imp).toMatchObject({ encoding: 'windows-1252', encodingGuessed: true, totalRows: 4 });
    expect(imp.headers[6]).toBe('Straße');
    expect(imp.mapping).toEqual([
      'sourceId',
      'company',
      'firstName',
      'lastName',
      'email',
      'phone',
      'street1',
      'zip',
      'city',
      'country',
      'notes',
    ]);
    const done = await runImport(team.owner, imp, 'update');
    expect(done).toMatchObject({ created: 2, updated: 1, skipped: 0, refused: 1, unplaced: 0 });
    expect(done.refusals).toEqual([{ row: 5, field: 'phone', message: 'Phone must be at least 7 characters' }]);
    expect(await byName('Müller GmbH')).toMatchObject({
      phone: '030 1234567',
      address: 'Torstraße 50, 10119 Berlin, Deutschland',
      notes: 'Hinterhof, 2. Stock\nContact: Hans Müller',
    });
    expect((await byName('Müller GmbH'))?.lat).toBeCloseTo(52.5, 0);
    expect(await byName('Jörg Weiß')).toMatchObject({ email: 'joerg@weiss.test' });
    // Updated in place: the position it had stays (the file gives none), the rest is the file's.
    expect(await byName('Alt Kunde')).toMatchObject({
      address: 'Neue Straße 4, 20095 Hamburg, DE',
      notes: 'Schlüssel beim Nachbarn',
      version: 2,
    });
  });

  it('reads a hand-made workbook with positions, and creates duplicates when told to', async () => {
    const bytes = await xlsxOf([
      [
        'First Name',
        'Last Name',
        'Company',
        'Email',
        'Mobile Number',
        'Street',
        'City',
        'State',
        'Zip',
        'Customer Notes',
        'Latitude',
        'Longitude',
      ],
      [
        'Zoë',
        'Adams',
        '',
        'zoe@adams.test',
        5125550301,
        '12 Oak St',
        'Round Rock',
        'TX',
        78664,
        'Side gate',
        30.5083,
        -97.6789,
      ],
      ['Anna', 'Again', '', '', '+1 512 555 0101', '1 Elm St', 'Austin', 'TX', 78701, '', 30.27, -97.74],
      ['Nora', 'North', '', '', '', '3 Pine St', 'Austin', 'TX', 78701, '', 'north', -97.74],
    ]);
    const imp = await uploaded(ctx.app, team.owner, 'customers.xlsx', bytes);
    expect(imp).toMatchObject({ format: 'xlsx', totalRows: 3 });
    const { rows } = await preview(team.owner, imp, 'create');
    expect(rows[1]).toMatchObject({ action: 'create', match: { name: 'Anna Baker', by: 'phone' } });
    expect(rows[2]?.problems).toEqual([{ row: 4, field: 'lat', message: 'Latitude "north" is not a number' }]);
    const done = await runImport(team.owner, imp, 'create');
    expect(done).toMatchObject({ created: 2, refused: 1, unplaced: 0 });
    expect(await byName('Zoë Adams')).toMatchObject({
      phone: '5125550301',
      address: '12 Oak St, 78664 Round Rock, TX',
      lat: 30.5083,
      lng: -97.6789,
    });
  });

  it('writes the same values on both databases: quotes, commas, braces, backslashes, "NULL", non-ASCII, empty cells, exact floats', async () => {
    // PostgreSQL inserts each chunk as one array per column (docs/PERFORMANCE.md, "Import"): every
    // value must arrive as a multi-row insert on SQLite writes it.
    const names = ['Quote "Q" O\'Neil', 'Comma, Brace {x} [y]', 'Back\\slash \\N', 'NULL', 'Ünïcødé Straße 東京 🚐'];
    const csv = [
      'Client ID,First Name,Last Name,E-mails,Main Phone #,Street 1,City,Zip code,Notes,Latitude,Longitude',
      `X-1,"${names[0]?.replace(/"/g, '""')}",,q@odd.test,,"1 ""A"" St",Austin,78701,"line one\r\nline {two}",30.123456789012344,-97.1`,
      `X-2,"${names[1]}",,,,"2 B St, Unit {3}",Austin,78701,,0.1,-0.30000000000000004`,
      `X-3,${names[2]},,,+1 512 555 0777,3 C St,Austin,78701,"\\\\ NULL {}",-33.8688197,151.2092955`,
      `X-4,${names[3]},,null@odd.test,,NULL,Austin,78701,NULL,0.0000001,180`,
      `X-5,${names[4]},,,,Königsallee 1,Düsseldorf,40212,,51.2254,6.7763`,
    ].join('\r\n');
    const imp = await uploaded(ctx.app, team.owner, 'odd.csv', Buffer.from(csv));
    const done = await runImport(team.owner, imp, 'create');
    expect(done.refusals).toEqual([]);
    expect(done).toMatchObject({ status: 'done', created: 5, refused: 0, unplaced: 0 });
    const written = await ctx.db.kysely
      .selectFrom('customers')
      .selectAll()
      .where('workspace_id', '=', team.owner.workspaceId)
      .where('name', 'in', names)
      .orderBy('lat')
      .execute();
    expect(written.map((c) => [c.name, c.email, c.phone, c.address, c.notes, c.lat, c.lng])).toEqual([
      [names[2], null, '+1 512 555 0777', '3 C St, 78701 Austin', '\\\\ NULL {}', -33.8688197, 151.2092955],
      [names[3], 'null@odd.test', null, 'NULL, 78701 Austin', 'NULL', 1e-7, 180],
      [names[1], null, null, '2 B St, Unit {3}, 78701 Austin', '', 0.1, -0.30000000000000004],
      [names[0], 'q@odd.test', null, '1 "A" St, 78701 Austin', 'line one\r\nline {two}', 30.123456789012344, -97.1],
      [names[4], null, null, 'Königsallee 1, 40212 Düsseldorf', '', 51.2254, 6.7763],
    ]);
    for (const c of written) {
      expect(c).toMatchObject({
        sort_name: normalizeText(c.name),
        search_text: searchTextOf(c),
        version: 1,
        deleted_at: null,
      });
      expect(Number(c.created_at)).toBe(Number(c.updated_at));
    }
    const keys = await ctx.db.kysely
      .selectFrom('import_rows')
      .select(['row_key', 'row_number', 'outcome', 'placed', 'geocode_query'])
      .where('import_id', '=', imp.id)
      .orderBy('row_number')
      .execute();
    expect(keys).toEqual(
      [1, 2, 3, 4, 5].map((n) => ({
        row_key: `id:X-${n}`,
        row_number: n + 1,
        outcome: 'created',
        placed: 1,
        geocode_query: null,
      })),
    );
  });

  it('goes live as one import change per chunk, never one per customer', async () => {
    const changes = await changesOf(ctx.db, team.owner.workspaceId);
    const customerChanges = changes.filter((c) => c.entity === 'customer');
    // The two customers the test made by hand, nothing from four imports.
    expect(customerChanges).toHaveLength(2);
    expect(changes.filter((c) => c.entity === 'import').length).toBeGreaterThan(3);
    const seen = await team.owner.client.get(ws(team.owner.workspaceId, `/changes?after=${customerChanges[1]?.seq}`));
    expect(seen.statusCode).toBe(200);
    const events = seen.json<{ changes: { entity: string; data: { status?: string } }[] }>().changes;
    expect(events.every((e) => e.entity === 'import')).toBe(true);
    expect(events.at(-1)?.data.status).toBe('done');
  });

  it('lets owners and dispatchers import, nobody else, and hides other workspaces’ imports', async () => {
    const bytes = fixture('jobber-clients.csv');
    expect((await upload(ctx.app, team.dispatcher, 'a.csv', bytes)).statusCode).toBe(201);
    expectProblem(await upload(ctx.app, team.tech1, 'a.csv', bytes), 403, 'forbidden');
    expectProblem(await upload(ctx.app, team.viewer, 'a.csv', bytes), 403, 'forbidden');
    const mine = await uploaded(ctx.app, team.owner, 'a.csv', bytes);
    const other = await createTeam(ctx.app);
    expectProblem(await other.owner.client.get(ws(other.owner.workspaceId, `/imports/${mine.id}`)), 404, 'not_found');
    const started = await other.owner.client.post(ws(other.owner.workspaceId, `/imports/${mine.id}/start`), {
      mapping: mine.mapping,
      duplicatePolicy: 'skip',
    });
    expectProblem(started, 404, 'not_found');
  });
});
