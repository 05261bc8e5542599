import {
  checklistTemplateCreateSchema,
  checklistTemplateListSchema,
  checklistTemplatePatchSchema,
  checklistTemplateSchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { versionedRoutes } from '../../http/versioned-routes.js';
import { createTemplate, deleteTemplate, getTemplates, updateTemplate } from './templates.js';

/** Checklist templates: the office's (checklists.manage). */
export function checklistTemplateRoutes(fastify: FastifyInstance, { db }: Deps) {
  versionedRoutes(fastify.withTypeProvider<ZodTypeProvider>(), db, {
    path: '/api/v1/workspaces/:ws/checklist-templates',
    id: 'templateId',
    tags: ['work record'],
    ifMatch: 'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current template.',
    item: checklistTemplateSchema,
    read: 'checklists.manage',
    write: 'checklists.manage',
    noun: 'checklist templates',
    list: { response: checklistTemplateListSchema, run: getTemplates },
    create: { body: checklistTemplateCreateSchema, run: createTemplate },
    patch: { body: checklistTemplatePatchSchema, run: updateTemplate },
    remove: { run: deleteTemplate },
  });
}
