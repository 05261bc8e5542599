import type { Problem } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type Owner, signUpOwner, type TestContext } from './harness.js';
import { expectFieldError, expectProblem, inviteMember, signIn, ws } from './helpers.js';
import { createJob, ifMatch, validJob } from './schedule-helpers.js';

// docs/PRODUCT.md, "Error catalogue": `code` and `title` are the same in every language; `detail` and the
// field messages follow the signed-in user's language, else Accept-Language, else English.

const badCustomer = {
  name: '',
  email: 'not-an-email',
  phone: '+49 30 1234 5678 9012 345',
  address: 'Hauptstraße 1',
  lat: 52.5,
  lng: 13.4,
  shoeSize: 44,
};

const english = {
  name: 'Name is required',
  email: 'Email must be a valid email address',
  phone: 'Phone must be at most 20 characters',
  shoeSize: 'Unknown field "shoeSize"',
};
const german = {
  name: 'Name ist erforderlich',
  email: 'E-Mail muss eine gültige E-Mail-Adresse sein',
  phone: 'Telefon darf höchstens 20 Zeichen lang sein',
  shoeSize: 'Unbekanntes Feld „shoeSize“',
};

const messagesOf = (body: Problem) => Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

describe('problem+json in the request language', () => {
  let ctx: TestContext;
  let owner: Owner;
  let reference: Problem;

  const send = async (client: Client, headers: Record<string, string> = {}) => {
    const res = await client.post(ws(owner.workspaceId, '/customers'), badCustomer, headers);
    return { res, body: expectProblem(res, 400, 'validation_failed') };
  };

  /** A fresh session of a user who picked `language` (a fresh sign-in reads it). */
  const userWithLanguage = async (language: 'en' | 'de') => {
    const picked = await owner.client.patch('/api/v1/me', { language });
    expect(picked.statusCode, picked.body).toBe(200);
    return (await signIn(ctx.app, owner.email, owner.password)).client;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUpOwner(ctx.app);
    reference = (await send(owner.client)).body;
  });
  afterAll(() => ctx.close());

  it('answers English by default, the schema messages as always', () => {
    expect(messagesOf(reference)).toMatchObject(english);
    expect(reference.detail).toContain('Name is required');
    expect(reference.title).toBe('Some fields need attention');
  });

  it('answers Accept-Language: de in German, code and title unchanged', async () => {
    const { res, body } = await send(owner.client, { 'accept-language': 'de' });
    expect(res.headers['content-language']).toBe('de');
    expect(body.code).toBe(reference.code);
    expect(body.title).toBe(reference.title);
    expect(body.type).toBe(reference.type);
    expect(messagesOf(body)).toMatchObject(german);
    expect(body.errors?.map((e) => e.path)).toEqual(reference.errors?.map((e) => e.path));
    expect(body.detail).toContain('Name ist erforderlich');
    expect(body.detail).not.toContain('is required');
  });

  it('meets de-AT with German and fr with English', async () => {
    expect(messagesOf((await send(owner.client, { 'accept-language': 'de-AT,de;q=0.9' })).body)).toMatchObject(german);
    const french = await send(owner.client, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(messagesOf(french.body)).toMatchObject(english);
    expect(french.body.detail).toBe(reference.detail);
  });

  it('follows a language the user just picked, in the same session', async () => {
    const { client } = await signIn(ctx.app, owner.email, owner.password);
    expect(messagesOf((await send(client)).body)).toMatchObject(english);
    expect((await client.patch('/api/v1/me', { language: 'de' })).statusCode).toBe(200);
    expect(messagesOf((await send(client)).body)).toMatchObject(german);
    expect((await client.patch('/api/v1/me', { language: null })).statusCode).toBe(200);
    expect(messagesOf((await send(client)).body)).toMatchObject(english);
  });

  it("follows a signed-in user's own language over the header", async () => {
    const germanUser = await userWithLanguage('de');
    const { body } = await send(germanUser);
    expect(messagesOf(body)).toMatchObject(german);
    expect(body.title).toBe(reference.title);
    expect(messagesOf((await send(germanUser, { 'accept-language': 'en-US' })).body)).toMatchObject(german);

    const englishUser = await userWithLanguage('en');
    const { body: inEnglish } = await send(englishUser, { 'accept-language': 'de' });
    expect(messagesOf(inEnglish)).toMatchObject(english);
    expect(inEnglish.detail).toBe(reference.detail);
    // Back to the browser's language, for the tests below that send Accept-Language.
    expect((await owner.client.patch('/api/v1/me', { language: null })).statusCode).toBe(200);
  });

  it('words a shared rule of a job’s time by its kind: German for de, the rule’s English otherwise', async () => {
    const backwards = validJob({ start: '2026-03-02T10:00:00Z', end: '2026-03-02T08:00:00Z' });
    const url = ws(owner.workspaceId, '/jobs');
    expect(expectFieldError(await owner.client.post(url, backwards), 'end')).toBe('End must be after start');
    expect(expectFieldError(await owner.client.post(url, backwards, { 'accept-language': 'de' }), 'end')).toBe(
      'Das Ende muss nach dem Beginn liegen',
    );
    const windowed = validJob({
      start: '2026-03-02T08:00:00Z',
      end: '2026-03-02T10:00:00Z',
      flexibleWindow: { start: '2026-03-02T07:00:00Z', end: '2026-03-03T09:00:00Z' },
    });
    expect(
      expectFieldError(await owner.client.post(url, windowed, { 'accept-language': 'de' }), 'flexibleWindow.end'),
    ).toBe('Ein flexibles Zeitfenster darf höchstens 24 Stunden lang sein');
  });

  it('words the merged time of a job edit by its rule too', async () => {
    const job = await createJob(owner, { start: '2026-03-02T08:00:00Z', end: '2026-03-02T10:00:00Z' });
    const url = ws(owner.workspaceId, `/jobs/${job.id}`);
    const earlier = { end: '2026-03-02T07:00:00Z' };
    const german = await owner.client.patch(url, earlier, { ...ifMatch(job.version), 'accept-language': 'de' });
    expect(expectFieldError(german, 'end')).toBe('Das Ende muss nach dem Beginn liegen');
    expect((german.json() as Problem).detail).toBe('Das Ende muss nach dem Beginn liegen');
    const english = await owner.client.patch(url, earlier, ifMatch(job.version));
    expect((english.json() as Problem).detail).toBe('End must be after start');
  });

  it('words a recurrence rule’s problem by its sentence in German, English as the parser wrote it', async () => {
    const url = ws(owner.workspaceId, '/jobs');
    const endless = validJob({
      start: '2026-03-02T08:00:00Z',
      end: '2026-03-02T10:00:00Z',
      rrule: 'FREQ=WEEKLY;COUNT=10000',
    });
    expect(expectFieldError(await owner.client.post(url, endless), 'rrule.COUNT')).toBe(
      'COUNT must be between 1 and 500 occurrences',
    );
    expect(expectFieldError(await owner.client.post(url, endless, { 'accept-language': 'de' }), 'rrule.COUNT')).toBe(
      'COUNT muss zwischen 1 und 500 Einsätzen liegen',
    );
  });

  it('words the HTTP layer’s own details in German too', async () => {
    const stranger = new Client(ctx.app);
    const body = expectProblem(await stranger.get('/api/v1/me', { 'accept-language': 'de' }), 401, 'unauthenticated');
    expect(body.detail).toBe('Melden Sie sich an, um fortzufahren');
    expect(body.title).toBe('Please sign in');
    const broken = await stranger.request('POST', '/api/v1/auth/sign-in', undefined, {
      'content-type': 'application/json',
      'accept-language': 'de',
    });
    expect(expectProblem(broken, 400, 'validation_failed').detail).toBe('Der JSON-Inhalt ist leer');
  });

  it('words a missing entity, a refused permission and a stale version by entity in German', async () => {
    const de = { 'accept-language': 'de' };
    const missing = ws(owner.workspaceId, '/jobs/no-such-job');
    expect(expectProblem(await owner.client.get(missing), 404, 'not_found').detail).toBe('Job was not found');
    const gone = expectProblem(await owner.client.get(missing, de), 404, 'not_found');
    expect(gone.detail).toBe('Der Auftrag wurde nicht gefunden');
    expect(gone.title).toBe(expectProblem(await owner.client.get(missing), 404).title);

    const viewer = await inviteMember(ctx.app, owner, 'viewer');
    const create = ws(owner.workspaceId, '/jobs');
    expect(expectProblem(await viewer.client.post(create, validJob()), 403, 'forbidden').detail).toBe(
      "You don't have permission to create jobs",
    );
    expect(expectProblem(await viewer.client.post(create, validJob(), de), 403, 'forbidden').detail).toBe(
      'Sie haben keine Berechtigung, Aufträge zu erstellen',
    );

    const job = await createJob(owner, { start: '2026-03-02T08:00:00Z', end: '2026-03-02T10:00:00Z' });
    const url = ws(owner.workspaceId, `/jobs/${job.id}`);
    expect((await owner.client.patch(url, { title: 'Moved on' }, ifMatch(job.version))).statusCode).toBe(200);
    const stale = await owner.client.patch(url, { title: 'Too late' }, { ...ifMatch(job.version), ...de });
    expect(expectProblem(stale, 412, 'version_conflict').detail).toBe(
      `Jemand anderes hat diesen Auftrag geändert (jetzt Version ${job.version + 1}): Laden Sie ihn neu oder wenden Sie Ihre Änderung erneut an`,
    );
    expect(expectProblem(await owner.client.patch(url, { title: 'Too late' }, ifMatch(job.version)), 412).detail).toBe(
      `Someone else changed this job (now version ${job.version + 1}): reload it or apply your change again`,
    );
  });

  it('words an invalid transition and a wrong password in German, English unchanged', async () => {
    const de = { 'accept-language': 'de' };
    const job = await createJob(owner, { start: null, end: null });
    const status = ws(owner.workspaceId, `/jobs/${job.id}/status`);
    const english = expectProblem(
      await owner.client.post(status, { status: 'completed' }, ifMatch(job.version)),
      409,
      'invalid_transition',
    );
    expect(english.detail).toBe("An unscheduled job can't move to completed");
    const german = expectProblem(
      await owner.client.post(status, { status: 'completed' }, { ...ifMatch(job.version), ...de }),
      409,
    );
    expect(german.detail).toBe('Ein Auftrag mit Status „Ungeplant“ kann nicht zu „Erledigt“ wechseln');
    expect(german.title).toBe(english.title);

    const stranger = new Client(ctx.app);
    const wrong = { email: owner.email, password: 'not the password' };
    const signInUrl = '/api/v1/auth/sign-in';
    expect(expectProblem(await stranger.post(signInUrl, wrong), 401, 'unauthenticated').detail).toBe(
      'Email or password is incorrect',
    );
    expect(expectProblem(await stranger.post(signInUrl, wrong, de), 401).detail).toBe(
      'E-Mail-Adresse oder Passwort ist falsch',
    );
  });
});

describe('a rate limit in the request language', () => {
  let ctx: TestContext;
  let owner: Owner;
  beforeAll(async () => {
    ctx = await createTestApp({ signInPerMinute: 1 });
    owner = await signUpOwner(ctx.app);
  });
  afterAll(() => ctx.close());

  it('counts the wait in German for de and in English otherwise', async () => {
    const stranger = new Client(ctx.app);
    const wrong = { email: owner.email, password: 'not the password' };
    const url = '/api/v1/auth/sign-in';
    await stranger.post(url, wrong);
    const german = expectProblem(await stranger.post(url, wrong, { 'accept-language': 'de' }), 429, 'rate_limited');
    expect(german.detail).toMatch(/^Zu viele Anmeldeversuche, versuchen Sie es in \d+ s noch einmal$/);
    const english = expectProblem(await stranger.post(url, wrong), 429, 'rate_limited');
    expect(english.detail).toMatch(/^Too many sign-in attempts, try again in \d+ s$/);
  });
});
