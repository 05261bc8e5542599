import { mePatchSchema, meSchema, signInSchema, signUpAnswerSchema, signUpSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { enforceLimit } from '../../http/rate-limit.js';
import { requireUser } from '../../http/session.js';
import { checkCredentials, getMe, signUp, takeSignInNotices, updateMe } from './service.js';

export function authRoutes(fastify: FastifyInstance, { db, sessions, limiter, limits, config }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  app.post(
    '/api/v1/auth/sign-up',
    { schema: { tags, body: signUpSchema, response: { 202: signUpAnswerSchema } } },
    async (request, reply) => {
      await enforceLimit(limiter, `signup:ip:${request.ip}`, limits.signInPerMinute, 'sign-ups');
      await signUp(
        db.kysely,
        request.body,
        { tileUrlTemplate: config.TILE_URL_TEMPLATE, tileAttribution: config.TILE_ATTRIBUTION },
        request.headers['accept-language'],
      );
      // The same answer whether the email was new or taken, and no session (docs/adr: sign-up).
      return reply.code(202).send({ next: 'sign-in' as const });
    },
  );

  app.post(
    '/api/v1/auth/sign-in',
    { schema: { tags, body: signInSchema, response: { 200: meSchema } } },
    async (request, reply) => {
      const user = await checkCredentials(db.kysely, limiter, limits.signInPerMinute, request.body, request.ip);
      await sessions.start(reply, user.id, request.session);
      const notices = await takeSignInNotices(db.kysely, user.id);
      return { ...(await getMe(db.kysely, user)), ...(notices.length > 0 && { notices }) };
    },
  );

  app.post('/api/v1/auth/sign-out', { schema: { tags } }, async (request, reply) => {
    await sessions.end(reply, request.session);
    return reply.code(204).send();
  });

  app.get('/api/v1/me', { schema: { tags, response: { 200: meSchema } } }, async (request) =>
    getMe(db.kysely, requireUser(request)),
  );

  app.patch(
    '/api/v1/me',
    {
      schema: {
        tags,
        body: mePatchSchema,
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const me = await updateMe(db.kysely, user, request.body);
      // The new language answers this user's next request (its problems' words, http/request-language.ts).
      sessions.reread(user.id);
      return me;
    },
  );
}
