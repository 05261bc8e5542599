import type { NotificationSettings } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError, ws } from './helpers.js';
import { bookedVisit, type Inbox, notificationTestApp } from './notification-servers.js';
import type { Team } from './schedule-helpers.js';

// Customers hear from the business in their language (docs/adr/0042-languages.md): a customer's own,
// else the workspace's; the built-in templates exist in every shipped language, the workspace's own
// ones in the workspace's language. Checked in the local SMTP server's inbox.

describe('notifications in the customer’s language', () => {
  let app: FastifyInstance;
  let inbox: Inbox;
  let team: Team;
  let stop: (app: FastifyInstance) => Promise<void>;

  beforeAll(async () => {
    ({ app, inbox, team, stop } = await notificationTestApp({ timeZone: 'Europe/Berlin' }));
  });
  afterAll(() => stop(app));

  const mailTo = (address: string) => inbox.mails.filter((m) => JSON.stringify(m.to).includes(address)).at(-1);
  const settingsUrl = () => ws(team.owner.workspaceId, '/notification-settings');
  const setWorkspaceLanguage = async (language: string) => {
    const res = await team.owner.client.patch(ws(team.owner.workspaceId), { language });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('a German customer of an English workspace gets the German confirmation, dates in German', async () => {
    await bookedVisit(team, { name: 'Greta Grün', email: 'greta@example.test', language: 'de' });
    await bookedVisit(team, { name: 'Eddie English', email: 'eddie@example.test' });
    await app.notifications.sendDue();
    const german = mailTo('greta@example.test');
    expect(german?.subject).toMatch(
      /^Ihr Termin mit .+ steht: (Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}, \d\d:\d\d–\d\d:\d\d$/,
    );
    expect(german?.text).toContain('Guten Tag Greta Grün,');
    expect(german?.text).toContain('Ihr Termin ist gebucht');
    expect(mailTo('eddie@example.test')?.subject).toMatch(/^Your visit from .+ is booked: [A-Z][a-z]+day, /);

    // The unsubscribe page the German mail links to speaks German, before and after.
    const line = german?.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    const path = new URL(/<([^>]+)>/.exec(line)?.[1] ?? 'http://x/').pathname;
    const ask = await app.inject({ method: 'GET', url: path });
    expect(ask.body).toContain('<html lang="de">');
    expect(ask.body).toContain('>Abbestellen</button>');
    const done = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('Sie erhalten von uns keine Benachrichtigungen zu Terminen mehr.');
  });

  it('a German workspace writes German to customers without a language, and English to an English one', async () => {
    await setWorkspaceLanguage('de');
    const read = await team.owner.client.get(settingsUrl());
    expect(read.statusCode, read.body).toBe(200);
    const settings = read.json() as NotificationSettings;
    expect(settings.templates.find((t) => t.kind === 'reminder')?.subject).toBe(
      'Erinnerung: {company} kommt am {window} zu Ihnen',
    );
    await bookedVisit(team, { name: 'Hans Ohne', email: 'hans@example.test' });
    await bookedVisit(team, { name: 'Emma Own', email: 'emma@example.test', language: 'en' });
    await app.notifications.sendDue();
    expect(mailTo('hans@example.test')?.subject).toMatch(/^Ihr Termin mit .+ steht: /);
    expect(mailTo('emma@example.test')?.subject).toMatch(/^Your visit from .+ is booked: /);
    await setWorkspaceLanguage('en');
  });

  it('refuses a template that drops the link its message is for, naming the field', async () => {
    const current = (await team.owner.client.get(settingsUrl())).json() as NotificationSettings;
    const { channels: _c, version, ...body } = current;
    const res = await team.owner.client.request(
      'PUT',
      settingsUrl(),
      {
        ...body,
        templates: [
          {
            kind: 'on_my_way',
            enabled: true,
            subject: '{technician} ist unterwegs',
            body: 'Guten Tag {customer}, {technician} ist auf dem Weg.',
            sms: '{technician} kommt: {trackingLink}',
          },
        ],
      },
      { 'if-match': `"${version}"` },
    );
    expect(expectFieldError(res, 'templates.0.body')).toContain('{trackingLink}');
  });
});
