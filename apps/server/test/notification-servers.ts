import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Job } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { createTestDb } from './harness.js';
import { createCustomer, createJob, createTeam, type Team } from './schedule-helpers.js';

/** A real SMTP server on loopback that parses every message it accepts. */
export interface Inbox {
  url: string;
  mails: ParsedMail[];
  /** Refuse (true) or accept (false) messages from now on, as a broken relay would. */
  refuse(on: boolean): void;
  /** Answer RCPT TO for this address with `code` (550: no such mailbox, a bounce; 452: try later). */
  rejectRecipient(address: string, code: number): void;
  close(): Promise<void>;
}

export async function startInbox(): Promise<Inbox> {
  const mails: ParsedMail[] = [];
  let refusing = false;
  const rejected = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = rejected.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      const text = code >= 500 ? 'No such user here' : 'Mailbox full, try again later';
      callback(Object.assign(new Error(text), { responseCode: code }));
    },
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse: (on) => {
      refusing = on;
    },
    rejectRecipient: (address, code) => {
      rejected.set(address.toLowerCase(), code);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A stand-in for Twilio's Messages API on loopback: checks basic auth, records the form fields. */
export interface SmsStandIn {
  url: string;
  sid: string;
  token: string;
  texts: { to: string; from: string; body: string }[];
  /** Numbers answered 400 (code 21211), as Twilio answers an invalid or unreachable number. */
  invalidNumbers: Set<string>;
  close(): Promise<void>;
}

export async function startSms(): Promise<SmsStandIn> {
  const sid = 'AC0123456789abcdef0123456789abcdef';
  const token = 'test-auth-token';
  const texts: SmsStandIn['texts'] = [];
  const invalidNumbers = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const auth = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${sid}/Messages.json`) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
      }
      if (req.headers.authorization !== auth) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
      }
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        res.statusCode = 400;
        return res.end(JSON.stringify({ code: 21000, message: 'Form body expected', status: 400 }));
      }
      const form = new URLSearchParams(body);
      if (invalidNumbers.has(form.get('To') ?? '')) {
        res.statusCode = 400;
        return res.end(
          JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }),
        );
      }
      texts.push({ to: form.get('To') ?? '', from: form.get('From') ?? '', body: form.get('Body') ?? '' });
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${texts.length.toString().padStart(32, '0')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sid,
    token,
    texts,
    invalidNumbers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const sessionSecret = 'a test session secret of at least 32 characters';

/** The real app on `db` with email and texts pointed at the stand-ins; the worker off (tests drive sendDue). */
export async function notifyingApp(db: Db, inbox: Inbox, sms: SmsStandIn | null) {
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: sessionSecret,
      PUBLIC_URL: 'http://localhost:80',
      SMTP_URL: inbox.url,
      SMTP_FROM: 'visits@fieldplan.test',
      ...(sms && {
        SMS_BASE_URL: sms.url,
        SMS_ACCOUNT_SID: sms.sid,
        SMS_AUTH_TOKEN: sms.token,
        SMS_FROM: '+15005550006',
      }),
    }),
    WEB_DIST: '',
  };
  const app = await buildApp({ config, db, logger: false, signInPerMinute: 1000, notifications: { worker: false } });
  await app.ready();
  return app;
}

/** A test database, the app on it with the stand-ins, and a team — the setup every notification test shares. */
export interface NotificationTestApp<Sms extends SmsStandIn | null> {
  db: Db;
  app: FastifyInstance;
  inbox: Inbox;
  /** The texts' stand-in when asked for (`sms: true`), else null: the app has no SMS then. */
  sms: Sms;
  team: Team;
  /** Closes `app` — the one the test ends with, since a test may restart it — the stand-ins and the database. */
  stop(app: FastifyInstance): Promise<void>;
}

export function notificationTestApp(options: {
  sms: true;
  timeZone?: string;
}): Promise<NotificationTestApp<SmsStandIn>>;
export function notificationTestApp(options?: { sms?: false; timeZone?: string }): Promise<NotificationTestApp<null>>;
export async function notificationTestApp(
  options: { sms?: boolean; timeZone?: string } = {},
): Promise<NotificationTestApp<SmsStandIn | null>> {
  const { db, cleanup } = await createTestDb();
  const inbox = await startInbox();
  const sms = options.sms ? await startSms() : null;
  const app = await notifyingApp(db, inbox, sms);
  const team = await createTeam(app, options.timeZone ? { timeZone: options.timeZone } : {});
  return {
    db,
    app,
    inbox,
    sms,
    team,
    stop: async (current) => {
      await current.close();
      await inbox.close();
      await sms?.close();
      await cleanup();
    },
  };
}

const hourMs = 3_600_000;

/** A one-hour visit of tech1 for a new customer, starting on the hour `inMs` from now (3 days by default). */
export async function bookedVisit(team: Team, customer: Record<string, unknown>, inMs = 3 * 24 * hourMs): Promise<Job> {
  const c = await createCustomer(team.owner, customer);
  const start = Math.ceil((Date.now() + inMs) / hourMs) * hourMs;
  return createJob(team.owner, {
    customerId: c.id,
    start: new Date(start).toISOString(),
    end: new Date(start + hourMs).toISOString(),
    assigneeIds: [team.tech1.memberId],
  });
}

/** A job's outbox rows, oldest first. */
export function outboxRows(db: Db, jobId: string) {
  return db.kysely.selectFrom('notifications').selectAll().where('job_id', '=', jobId).orderBy('created_at').execute();
}
