import type { Place } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { customerMatchCache } from '../src/modules/customers/index.js';
import { Client, createTestDb, type Owner, signUpOwner } from './harness.js';
import { ws } from './helpers.js';
import { createCustomer, createJob, ifMatch } from './schedule-helpers.js';

// Server processes of one deployment: apps on one database, each keeping the customers of the
// workspaces it has searched (docs/adr/0037-customer-match-cache.md). A write on one must show in
// the other's very next places search.

describe('places: customers kept in memory, two processes on one database', () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let here: FastifyInstance;
  let there: FastifyInstance;
  let owner: Owner;
  /** The owner's browser, its requests reaching `app`. */
  const browserOn = (app: FastifyInstance) => {
    const client = new Client(app);
    client.cookies = new Map(owner.client.cookies);
    return client;
  };
  const customersFound = async (app: FastifyInstance, q: string) => {
    const res = await browserOn(app).get(`/api/v1/places?${new URLSearchParams({ q, ws: owner.workspaceId })}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Place[]).filter((p) => p.source === 'customer').map((p) => `${p.secondary} | ${p.label}`);
  };

  beforeAll(async () => {
    ({ db, cleanup } = await createTestDb());
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), WEB_DIST: '' };
    here = await buildApp({ config, db, logger: false, signInPerMinute: 1000 });
    there = await buildApp({ config, db, logger: false, signInPerMinute: 1000 });
    owner = await signUpOwner(here, 'Olga');
  });
  afterAll(async () => {
    await here.close();
    await there.close();
    await cleanup();
  });

  it('a customer created, renamed, moved and deleted on one process shows in the next search on the other', async () => {
    const url = (path: string) => ws(owner.workspaceId, `/customers${path}`);
    // Both processes have read (and keep) the workspace's customers: none yet.
    expect(await customersFound(here, 'hafen')).toEqual([]);
    expect(await customersFound(there, 'hafen')).toEqual([]);

    const made = await createCustomer(
      { client: browserOn(here), workspaceId: owner.workspaceId },
      { name: 'Hafenmeisterei', address: 'Kaistraße 1, 20457 Hamburg' },
    );
    expect(await customersFound(there, 'hafen')).toEqual(['Hafenmeisterei | Kaistraße 1, 20457 Hamburg']);

    const renamed = await browserOn(here).patch(url(`/${made.id}`), { name: 'Lotsenhaus' }, ifMatch(1));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await customersFound(there, 'hafen')).toEqual([]);
    expect(await customersFound(there, 'lotsen')).toEqual(['Lotsenhaus | Kaistraße 1, 20457 Hamburg']);

    // Written on the other process: the first one's list moves on too.
    const moved = await browserOn(there).patch(url(`/${made.id}`), { address: 'Elbchaussee 9, Hamburg' }, ifMatch(2));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await customersFound(here, 'lotsen')).toEqual(['Lotsenhaus | Elbchaussee 9, Hamburg']);
    expect(await customersFound(here, 'kaistr')).toEqual([]);

    const deleted = await browserOn(here).delete(url(`/${made.id}`), ifMatch(3));
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await customersFound(there, 'lotsen')).toEqual([]);
    expect(await customersFound(here, 'lotsen')).toEqual([]);
  });

  it('the same answers as the database gives: order by name, every word must match, prefix matches first', async () => {
    const caller = { client: browserOn(here), workspaceId: owner.workspaceId };
    await createCustomer(caller, { name: 'Zeller Bau', address: 'Zquastraße 4, Berlin' });
    await createCustomer(caller, { name: 'Adler Apotheke', address: 'Am Zquaufer 2, Berlin' });
    await createCustomer(caller, { name: 'Zqua_Blick 100%', address: 'Uferweg 1, Potsdam', phone: '030 55-12' });
    await createCustomer(caller, { name: 'Zquaxbau', address: 'Uferweg 3, Potsdam' });
    // A job write moves the counter too: the list is read again, with the same answers.
    await createJob(caller, { title: 'Check' });
    for (const app of [here, there]) {
      // Prefix matches (name or address) first, each group by name.
      expect(await customersFound(app, 'zqua')).toEqual([
        'Zeller Bau | Zquastraße 4, Berlin',
        'Zqua_Blick 100% | Uferweg 1, Potsdam',
        'Zquaxbau | Uferweg 3, Potsdam',
        'Adler Apotheke | Am Zquaufer 2, Berlin',
      ]);
      // Every word must match; neither starts with the whole query, so both by name.
      expect(await customersFound(app, 'zqua berlin')).toEqual([
        'Adler Apotheke | Am Zquaufer 2, Berlin',
        'Zeller Bau | Zquastraße 4, Berlin',
      ]);
    }
  });

  it('memory and the database find the same customers in the same order, for any query', async () => {
    const kept = customerMatchCache();
    const neverKept = customerMatchCache({ maxRowsPerWorkspace: 2 });
    const seq = 1_000_000;
    const queries = [
      'zqua',
      'ZQUA berlin',
      'a_b',
      'a_',
      '0%',
      '100%',
      '%',
      'xb',
      'strasse',
      'straße',
      '5512',
      '55-12',
      'uferweg potsdam',
      'nothing',
    ];
    for (const q of queries) {
      for (const limit of [50, 2]) {
        const fromDb = await neverKept.matching(db.kysely, owner.workspaceId, seq, q, limit);
        expect(await kept.matching(db.kysely, owner.workspaceId, seq, q, limit), q).toEqual(fromDb);
      }
    }
    // A workspace with more customers than a process keeps per workspace is searched in the database.
    expect(neverKept.size).toBe(1); // the workspace's entry, no rows
    expect(kept.size).toBe(5); // four live customers and the entry
    expect((await neverKept.matching(db.kysely, owner.workspaceId, seq, 'a_b', 50)).map((c) => c.name)).toEqual([
      'Zqua_Blick 100%',
    ]);
  });

  it('keeps at most maxRows, dropping the workspace searched longest ago, and still answers it from the database', async () => {
    const other = await signUpOwner(here, 'Otto');
    const caller = { client: other.client, workspaceId: other.workspaceId };
    await createCustomer(caller, { name: 'Zqua Eins', address: 'Weg 1, Bonn' });
    await createCustomer(caller, { name: 'Zqua Zwei', address: 'Weg 2, Bonn' });
    const cache = customerMatchCache({ maxRows: 7 });
    const seq = 1_000_000;
    const first = await cache.matching(db.kysely, owner.workspaceId, seq, 'zqua', 50);
    expect(cache.size).toBe(5);
    expect((await cache.matching(db.kysely, other.workspaceId, seq, 'zqua', 50)).map((c) => c.name)).toEqual([
      'Zqua Eins',
      'Zqua Zwei',
    ]);
    expect(cache.size).toBe(3); // the first workspace's entry was dropped for the second's
    expect(await cache.matching(db.kysely, owner.workspaceId, seq, 'zqua', 50)).toEqual(first);
    expect(cache.size).toBe(5);
  });
});
