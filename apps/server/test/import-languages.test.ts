import type { Customer } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importedLanguage } from '../src/modules/import/language.js';
import { createTestApp, type TestContext } from './harness.js';
import { ws } from './helpers.js';
import { preview, runImport, uploaded } from './import-helpers.js';
import { createCustomer, createTeam, type Team } from './schedule-helpers.js';

// A customer's language from a file's column (docs/PRODUCT.md, "Import"): a tag or a language's name
// becomes a language Fieldplan ships; an empty cell leaves the workspace's; anything else refuses the row.

const file = [
  'Name;Anschrift;Breitengrad;Längengrad;Sprache',
  'Anna Alt;Torstraße 1, 10119 Berlin;52.529;13.401;de',
  'Bert Brown;Torstraße 2, 10119 Berlin;52.529;13.402;en-US',
  'Clara Cole;Torstraße 3, 10119 Berlin;52.529;13.403;German',
  'Dora Dahl;Torstraße 4, 10119 Berlin;52.529;13.404;Deutsch',
  'Emil Egger;Torstraße 5, 10119 Berlin;52.529;13.405;de-AT',
  'Fritz Fuchs;Torstraße 6, 10119 Berlin;52.529;13.406;',
  'Gina Gallo;Torstraße 7, 10119 Berlin;52.529;13.407;fr',
  'Hugo Hahn;Torstraße 8, 10119 Berlin;52.529;13.408;Klingonisch',
  'Ida Imhof;Torstraße 9, 10119 Berlin;52.529;13.409;',
].join('\n');

describe('importing customers with a language column', { timeout: 60_000 }, () => {
  let ctx: TestContext;
  let team: Team;

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
    // Matched by name and address below: the language the office set stays when the file has none.
    await createCustomer(team.owner, {
      name: 'Ida Imhof',
      address: 'Torstraße 9, 10119 Berlin',
      lat: 52.529,
      lng: 13.409,
      language: 'de',
    });
  });
  afterAll(() => ctx.close());

  it('reads tags and names of shipped languages, and refuses others naming the field', async () => {
    const imp = await uploaded(ctx.app, team.owner, 'kunden.csv', Buffer.from(file, 'utf8'));
    expect(imp.mapping).toEqual(['name', 'address', 'lat', 'lng', 'language']);

    const { rows } = await preview(team.owner, imp, 'update');
    expect(rows.map((r) => [r.values.name, r.values.language, r.action])).toEqual([
      ['Anna Alt', 'de', 'create'],
      ['Bert Brown', 'en', 'create'],
      ['Clara Cole', 'de', 'create'],
      ['Dora Dahl', 'de', 'create'],
      ['Emil Egger', 'de', 'create'],
      ['Fritz Fuchs', '', 'create'],
      ['Gina Gallo', 'fr', 'refuse'],
      ['Hugo Hahn', 'Klingonisch', 'refuse'],
      ['Ida Imhof', '', 'update'],
    ]);

    const done = await runImport(team.owner, imp, 'update');
    expect(done).toMatchObject({ created: 6, updated: 1, refused: 2 });
    expect(done.refusals).toEqual([
      { row: 8, field: 'language', message: 'Language "fr" is not one Fieldplan speaks (en, de, or English, Deutsch)' },
      {
        row: 9,
        field: 'language',
        message: 'Language "Klingonisch" is not one Fieldplan speaks (en, de, or English, Deutsch)',
      },
    ]);
    const customers = (await team.owner.client.get(ws(team.owner.workspaceId, '/customers?limit=100'))).json<{
      items: Customer[];
    }>().items;
    const languageOf = (name: string) => customers.find((c) => c.name === name)?.language;
    expect(
      ['Anna Alt', 'Bert Brown', 'Clara Cole', 'Dora Dahl', 'Emil Egger', 'Fritz Fuchs', 'Ida Imhof'].map(languageOf),
    ).toEqual(['de', 'en', 'de', 'de', 'de', null, 'de']);
    expect(customers.some((c) => c.name === 'Gina Gallo' || c.name === 'Hugo Hahn')).toBe(false);
  });

  it('takes a tag’s language and a language’s name in English, German or its own', () => {
    expect(
      ['de', 'DE', 'de-CH', 'de_AT', 'en-GB', 'English', 'Englisch', 'german', 'Deutsch', ' deutsch ', ''].map(
        importedLanguage,
      ),
    ).toEqual(['de', 'de', 'de', 'de', 'en', 'en', 'en', 'de', 'de', 'de', null]);
    expect(['fr', 'français', 'Dutch', 'xx-de'].map(importedLanguage)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
