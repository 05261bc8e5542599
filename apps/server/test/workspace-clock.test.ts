import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Owner, signUpOwner, type TestContext } from './harness.js';
import { expectFieldError, ws } from './helpers.js';

const clockOf = async (owner: Owner) => {
  const { timeFormat, dateFormat, weekStart } = (await owner.client.get(ws(owner.workspaceId))).json();
  return { timeFormat, dateFormat, weekStart };
};

describe('workspace time format', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("a new workspace writes times and dates as its owner's browser locale does", async () => {
    const us = await signUpOwner(ctx.app, 'Uma', { locale: 'en-US' });
    expect(await clockOf(us)).toEqual({ timeFormat: '12h', dateFormat: 'mdy', weekStart: 0 });
    const de = await signUpOwner(ctx.app, 'Dora', { locale: 'de-DE' });
    expect(await clockOf(de)).toEqual({ timeFormat: '24h', dateFormat: 'dmy', weekStart: 1 });
    const se = await signUpOwner(ctx.app, 'Sven', { locale: 'sv-SE' });
    expect(await clockOf(se)).toEqual({ timeFormat: '24h', dateFormat: 'ymd', weekStart: 1 });
  });

  it('without a locale in the body, the Accept-Language header decides', async () => {
    const owner = await signUpOwner(ctx.app, 'Ann', { headers: { 'accept-language': 'en-US,en;q=0.9,de;q=0.5' } });
    expect(await clockOf(owner)).toEqual({ timeFormat: '12h', dateFormat: 'mdy', weekStart: 0 });
  });

  it('a malformed or missing locale signs up with 24 h, day first, weeks from Monday', async () => {
    for (const locale of ['not a locale!', '**', 'x'.repeat(90)]) {
      const owner = await signUpOwner(ctx.app, 'Odd', { locale, headers: { 'accept-language': '*' } });
      expect(await clockOf(owner)).toEqual({ timeFormat: '24h', dateFormat: 'dmy', weekStart: 1 });
    }
  });

  it('the owner switches the formats; others read them; bad values are refused by field', async () => {
    const owner = await signUpOwner(ctx.app, 'Wes', { locale: 'en-GB' });
    const patch = (body: unknown) => owner.client.patch(ws(owner.workspaceId), body);
    const res = await patch({ timeFormat: '12h', dateFormat: 'ymd' });
    expect(res.statusCode).toBe(200);
    expect(await clockOf(owner)).toEqual({ timeFormat: '12h', dateFormat: 'ymd', weekStart: 1 });
    expect(expectFieldError(await patch({ timeFormat: '13h' }), 'timeFormat')).toMatch(/24h or 12h/);
    expect(expectFieldError(await patch({ dateFormat: 'dd/mm/yyyy' }), 'dateFormat')).toMatch(/dmy, mdy or ymd/);
    expect(await clockOf(owner)).toEqual({ timeFormat: '12h', dateFormat: 'ymd', weekStart: 1 });
  });
});
