import { randomUUID } from 'node:crypto';
import type { Job } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { Client } from './harness.js';
import { expectProblem } from './helpers.js';
import { type Inbox, notificationTestApp } from './notification-servers.js';
import { createCustomer, createJob as newJob, setStatus, type Team } from './schedule-helpers.js';
import { createTemplate, pngDataUrl, postNote, put } from './work-record-fixtures.js';

const hourMs = 3_600_000;

describe('{reportLink}: the customer reads the completed visit’s report', () => {
  let db: Db;
  let app: FastifyInstance;
  let inbox: Inbox;
  let team: Team;
  let stop: (app: FastifyInstance) => Promise<void>;

  beforeAll(async () => {
    ({ db, app, inbox, team, stop } = await notificationTestApp({ timeZone: 'Europe/Berlin' }));
  });
  afterAll(() => stop(app));

  async function step(job: Pick<Job, 'id' | 'version'>, status: string): Promise<Job> {
    const res = await setStatus(team.tech1, job, status);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Job;
  }

  it('the completion message links a page with times, answers and signer — escaped, without notes or photos', async () => {
    const template = await createTemplate(team.owner, { name: 'Boiler <b>safety</b>', titlePattern: 'boiler' });
    const c = await createCustomer(team.owner, { name: 'Rhea', email: 'rhea@example.test', phone: null });
    const start = Date.now() - hourMs / 2;
    let job = await newJob(team.owner, {
      title: 'Boiler service',
      customerId: c.id,
      start: new Date(start).toISOString(),
      end: new Date(start + hourMs).toISOString(),
      assigneeIds: [team.tech1.memberId],
    });
    const note = await postNote(team.tech1, job.id, {
      id: randomUUID(),
      body: 'Internal: customer’s dog bites <script>x</script>',
    });
    expect(note.statusCode, note.body).toBe(201);
    const answers = await put(team.tech1, `/jobs/${job.id}/checklists/${template.id}/answers`, {
      answers: { gas: true, reading: 12, state: 'good', remarks: '<script>alert(1)</script> all fine' },
    });
    expect(answers.statusCode, answers.body).toBe(200);
    const signed = await put(team.tech1, `/jobs/${job.id}/signature`, {
      name: 'Rhea <i>R</i>',
      image: pngDataUrl,
      signedAt: new Date().toISOString(),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    job = await step(job, 'en_route');
    const anonymous = new Client(app);
    job = await step(job, 'in_progress');
    job = await step(job, 'completed');
    await app.notifications.sendDue();
    const mail = inbox.mails.find(
      (m) => JSON.stringify(m.to).includes('rhea@example.test') && /complete/.test(m.subject ?? ''),
    );
    const link = /http:\/\/localhost(\/api\/v1\/visit-report\/([A-Za-z0-9._-]+))/.exec(mail?.text ?? '');
    expect(link, mail?.text).not.toBeNull();
    expect(mail?.html).toContain(`<a href="${link?.[0]}">`);

    const page = await anonymous.get(link?.[1] ?? '');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Tim');
    expect(page.body).not.toContain('Tim Tech');
    expect(page.body).toContain('Boiler &#60;b&#62;safety&#60;/b&#62;');
    expect(page.body).toContain('Gas pressure checked: <strong>Yes</strong>');
    expect(page.body).toContain('Flue reading: <strong>12 ppm</strong>');
    expect(page.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62; all fine');
    expect(page.body).toContain('Signed by Rhea &#60;i&#62;R&#60;/i&#62;');
    expect(page.body).toMatch(/<dt>Arrived<\/dt>.*<dt>Completed<\/dt>/s);
    expect(page.body).not.toContain('dog bites');
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('data:image');

    // Another visit's key, a forged MAC, a token of another server: all 404, and so is the report of a reopened visit.
    const [jobId, , mac] = (link?.[2] ?? '').split('.');
    expectProblem(await anonymous.get(`/api/v1/visit-report/${jobId}.1.${mac}`), 404, 'not_found');
    expectProblem(await anonymous.get(`/api/v1/visit-report/${jobId}.0.AAAAAAAAAAAAAAAAAAAAAA`), 404, 'not_found');
    expectProblem(await anonymous.get('/api/v1/visit-report/nonsense'), 404, 'not_found');
    await db.kysely.updateTable('jobs').set({ deleted_at: Date.now() }).where('id', '=', job.id).execute();
    expectProblem(await anonymous.get(link?.[1] ?? ''), 404, 'not_found');
  });
});
