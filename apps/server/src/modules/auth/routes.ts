import { meSchema, signInSchema, signUpSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { enforceLimit } from '../../http/rate-limit.js';
import { requireUser } from '../../http/session.js';
import { checkCredentials, getMe, signUp } from './service.js';

export function authRoutes(fastify: FastifyInstance, { db, sessions, limiter, limits, config }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  app.post(
    '/api/v1/auth/sign-up',
    { schema: { tags, body: signUpSchema, response: { 201: meSchema } } },
    async (request, reply) => {
      enforceLimit(limiter, `signup:ip:${request.ip}`, limits.signInPerMinute, 'sign-ups');
      const { user } = await signUp(db.kysely, request.body, {
        tileUrlTemplate: config.TILE_URL_TEMPLATE,
        tileAttribution: config.TILE_ATTRIBUTION,
      });
      await sessions.start(reply, user.id, request.session);
      return reply.code(201).send(await getMe(db.kysely, user));
    },
  );

  app.post(
    '/api/v1/auth/sign-in',
    { schema: { tags, body: signInSchema, response: { 200: meSchema } } },
    async (request, reply) => {
      const user = await checkCredentials(db.kysely, limiter, limits.signInPerMinute, request.body, request.ip);
      await sessions.start(reply, user.id, request.session);
      return getMe(db.kysely, user);
    },
  );

  app.post('/api/v1/auth/sign-out', { schema: { tags } }, async (request, reply) => {
    await sessions.end(reply, request.session);
    return reply.code(204).send();
  });

  app.get('/api/v1/me', { schema: { tags, response: { 200: meSchema } } }, async (request) =>
    getMe(db.kysely, requireUser(request)),
  );
}
