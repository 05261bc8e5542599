import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors/app-error.js';
import { defineMessages, intlFor } from '../../i18n/index.js';
import { findCustomer } from '../customers/index.js';
import { findWorkspace } from '../workspaces/index.js';
import { escapeHtml } from './render.js';
import { optOut } from './service.js';
import { readUnsubscribeToken } from './unsubscribe-token.js';

const params = z.object({ token: z.string().max(300) });

const words = defineMessages({
  askTitle: { id: 'notifications.unsubscribe.askTitle' },
  ask: { id: 'notifications.unsubscribe.ask' },
  button: { id: 'notifications.unsubscribe.button' },
  doneTitle: { id: 'notifications.unsubscribe.doneTitle' },
  done: { id: 'notifications.unsubscribe.done' },
});

/** The language the customer reads: their own, else the workspace's (docs/adr/0042-languages.md). */
async function languageOf(db: Kysely<Database>, workspaceId: string, customerId: string): Promise<string> {
  const customer = await findCustomer(db, workspaceId, customerId);
  return customer?.language ?? (await findWorkspace(db, workspaceId))?.language ?? 'en';
}

function page(language: string, title: string, body: string): string {
  return `<!doctype html>\n<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>\n<body style="font-family: sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">\n<h1>${escapeHtml(title)}</h1>\n${body}\n</body></html>\n`;
}

/**
 * The customer's unsubscribe link (RFC 8058): POST is the one-click unsubscribe mail clients send
 * (`List-Unsubscribe=One-Click`, form-encoded); GET only shows a button, because link scanners
 * open every URL in a message and must not unsubscribe anyone.
 */
export function unsubscribeRoutes(fastify: FastifyInstance, deps: Deps, key: () => Promise<Buffer>) {
  fastify.register(async (scope) => {
    // Mail clients post a form; only here is a form body accepted (everywhere else JSON only).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['notifications'];
    const html = { 200: z.string() };

    app.get('/api/v1/unsubscribe/:token', { schema: { tags, params, response: html } }, async (request, reply) => {
      const who = readUnsubscribeToken(await key(), request.params.token);
      reply.type('text/html; charset=utf-8').header('referrer-policy', 'no-referrer');
      if (!who) throw notFound('This unsubscribe link');
      const intl = intlFor(await languageOf(deps.db.kysely, who.workspaceId, who.customerId));
      const say = (message: (typeof words)[keyof typeof words]) => escapeHtml(intl.formatMessage(message));
      return page(
        intl.locale,
        intl.formatMessage(words.askTitle),
        `<p>${say(words.ask)}</p>\n<form method="post"><button type="submit" name="List-Unsubscribe" value="One-Click">${say(words.button)}</button></form>`,
      );
    });

    app.post('/api/v1/unsubscribe/:token', { schema: { tags, params, response: html } }, async (request, reply) => {
      const who = readUnsubscribeToken(await key(), request.params.token);
      reply.type('text/html; charset=utf-8').header('referrer-policy', 'no-referrer');
      if (!who) throw notFound('This unsubscribe link');
      await optOut(deps.db.kysely, who.workspaceId, who.customerId);
      const intl = intlFor(await languageOf(deps.db.kysely, who.workspaceId, who.customerId));
      return page(
        intl.locale,
        intl.formatMessage(words.doneTitle),
        `<p>${escapeHtml(intl.formatMessage(words.done))}</p>`,
      );
    });
  });
}
