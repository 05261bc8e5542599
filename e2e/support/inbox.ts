import { expect } from 'vitest';

/** One message the mail catcher (support/mail-catcher.mjs, started by e2e/run.mjs) accepted. */
export interface CaughtMail {
  id: number;
  receivedAt: string;
  /** The SMTP envelope's recipients: who it was really sent to. */
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Raw header values by lower-case name (`list-unsubscribe` is `<https://…>`). */
  headers: Record<string, string>;
}

const inboxUrl = process.env.E2E_INBOX_URL;

/** Every message the server under test has sent so far, oldest first. */
export async function allMail(): Promise<CaughtMail[]> {
  if (!inboxUrl) throw new Error('E2E_INBOX_URL is not set: run the specs through e2e/run.mjs');
  const res = await fetch(`${inboxUrl}/messages`);
  if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
  return (await res.json()) as CaughtMail[];
}

/** Waits (expect.poll's timeout) for a message to `to` whose subject or text matches, and answers it. */
export async function waitForMail(to: string, match: (mail: CaughtMail) => boolean): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await allMail();
        found = mails.find((m) => m.envelopeTo.some((a) => a.toLowerCase() === to.toLowerCase()) && match(m));
        return found !== undefined;
      },
      { timeout: 30_000, message: `no mail to ${to} matching arrived` },
    )
    .toBe(true);
  return found as CaughtMail;
}

/** The http(s) links of a message's text, HTML and List-Unsubscribe header, in order, without duplicates. */
export function linksOf(mail: CaughtMail): string[] {
  const sources = `${mail.text}\n${mail.html}\n${mail.headers['list-unsubscribe'] ?? ''}`;
  const found = sources.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/&amp;/g, '&')))];
}
