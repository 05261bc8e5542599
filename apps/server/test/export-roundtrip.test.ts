import { type Customer, type CustomerPage, type ExportFormat, exportFormats } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, seedDemo } from '../src/db/seed/demo.js';
import { Client, createTestApp, signUpOwner, type TestContext } from './harness.js';
import { type WorkspaceCaller, ws } from './helpers.js';
import { runImport, uploaded } from './import-helpers.js';
import { createCustomer } from './schedule-helpers.js';

// An export imports back as it was (docs/PRODUCT.md, "Export" and "Import"): the demo workspace's
// customers, with text a spreadsheet would run, in every export format, into an empty workspace with
// the mapping the import suggests.

/** Text the CSV export writes with a leading `'`, in every field a customer has. */
const formulaLike = [
  { name: '+SUM(1,2)', phone: '+49 30 4258631', notes: '=HYPERLINK("http://evil.test","x")' },
  { name: '=cmd', email: null, phone: null, notes: '-- ring twice' },
  { name: '-5', address: '@Home, Torstraße 1, 10119 Berlin', notes: '@here; gate 4' },
  { name: '@x', email: 'at@example.test', phone: '+1 (512) 555-0199', notes: '+1 more' },
];

const fields = (c: Customer) => ({
  name: c.name,
  email: c.email ?? null,
  phone: c.phone ?? null,
  address: c.address,
  lat: c.lat,
  lng: c.lng,
  notes: c.notes,
});
type Fields = ReturnType<typeof fields>;
const key = (f: Fields) => JSON.stringify(f);

async function allCustomers(caller: WorkspaceCaller): Promise<Fields[]> {
  const found: Fields[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await caller.client.get(ws(caller.workspaceId, `/customers?limit=100${query}`));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<CustomerPage>();
    found.push(...page.items.map(fields));
    cursor = page.nextCursor;
  } while (cursor);
  return found.sort((a, b) => key(a).localeCompare(key(b)));
}

// Each import starts a worker thread (docs/adr/0036); from TypeScript sources on a busy machine that takes seconds.
describe('export → import round trip', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let demo: WorkspaceCaller;
  let exported: Fields[];

  beforeAll(async () => {
    ctx = await createTestApp();
    expect(await seedDemo(ctx.db)).toEqual({ created: true });
    const client = new Client(ctx.app);
    const me = await client.post('/api/v1/auth/sign-in', { email: 'owner@demo.test', password: demoPassword });
    expect(me.statusCode, me.body).toBe(200);
    demo = { client, workspaceId: me.json().memberships[0].workspaceId };
    for (const customer of formulaLike) await createCustomer(demo, customer);
    exported = await allCustomers(demo);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('exports the demo with its 150 customers and the formula-like ones', () => {
    expect(exported).toHaveLength(150 + formulaLike.length);
    const names = exported.map((c) => c.name);
    for (const c of formulaLike) expect(names).toContain(c.name);
  });

  const files: Record<ExportFormat, string> = {
    csv: 'customers.csv',
    'csv-excel': 'customers.csv',
    xlsx: 'customers.xlsx',
  };

  it.each(exportFormats)('imports its %s export into an empty workspace field by field', async (format) => {
    const res = await demo.client.get(ws(demo.workspaceId, `/exports/customers?format=${format}`));
    expect(res.statusCode, res.body).toBe(200);
    const owner = await signUpOwner(ctx.app, `Owner ${format}`);
    const imp = await uploaded(ctx.app, owner, files[format], res.rawPayload);
    expect(imp.mapping).toEqual(['name', 'email', 'phone', 'address', 'lat', 'lng', 'notes', null, null, 'sourceId']);
    const done = await runImport(owner, imp, 'create');
    expect(done.refusals).toEqual([]);
    expect(done).toMatchObject({ status: 'done', created: exported.length, refused: 0, skipped: 0 });
    expect(await allCustomers(owner)).toEqual(exported);
  });
});
