import {
  checklistTemplateCreateSchema,
  checklistTemplateListSchema,
  checklistTemplatePatchSchema,
  checklistTemplateSchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ifMatchVersion, setEtag } from '../../http/versioning.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import { createTemplate, deleteTemplate, getTemplates, updateTemplate } from './templates.js';

const wsParams = z.object({ ws: z.string() });
const params = z.object({ ws: z.string(), templateId: z.string() });
const versioned = 'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current template.';

/** Checklist templates: the office's (checklists.manage). */
export function checklistTemplateRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['work record'];
  const path = '/api/v1/workspaces/:ws/checklist-templates';

  app.get(
    path,
    { schema: { tags, params: wsParams, response: { 200: checklistTemplateListSchema } } },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'checklists.manage', 'see checklist templates');
      return getTemplates(db.kysely, actor);
    },
  );

  app.post(
    path,
    {
      schema: {
        tags,
        params: wsParams,
        body: checklistTemplateCreateSchema,
        response: { 201: checklistTemplateSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'checklists.manage', 'create checklist templates');
      const template = await createTemplate(db.kysely, actor, request.body);
      setEtag(reply, template.version);
      return reply.code(201).send(template);
    },
  );

  app.patch(
    `${path}/:templateId`,
    {
      schema: {
        tags,
        description: versioned,
        params,
        body: checklistTemplatePatchSchema,
        response: { 200: checklistTemplateSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'checklists.manage', 'edit checklist templates');
      const version = ifMatchVersion(request.headers['if-match']);
      const template = await updateTemplate(db.kysely, actor, request.params.templateId, version, request.body);
      setEtag(reply, template.version);
      return template;
    },
  );

  app.delete(`${path}/:templateId`, { schema: { tags, description: versioned, params } }, async (request, reply) => {
    const actor = await requireMember(db, request, request.params.ws);
    authorize(actor, 'checklists.manage', 'delete checklist templates');
    const version = ifMatchVersion(request.headers['if-match']);
    await deleteTemplate(db.kysely, actor, request.params.templateId, version);
    return reply.code(204).send();
  });
}
