import { serializeTemplate, serializeTemplateVersion } from '@rp/db';
import { notFound } from '@rp/errors';
import type { RouteDef } from '../http/route';
import { listQuerySchema, paginate } from '../http/pagination';
import { idParam, listHeaders, uuid } from '../schemas/common';
import {
  createTemplateBody,
  templateListQuery,
  templateSchema,
  templateVersionSchema,
  updateTemplateBody,
} from '../schemas/template';
import { createTemplate } from '../services/create-template';
import { updateTemplate } from '../services/update-template';
import { listTemplateVersions } from '../services/list-template-versions';
import { dbNowMs } from '../services/db-now-ms';
import type { ApiDeps } from '../deps';

const TAG = 'Templates';
const templateParams = idParam('template_id');
const versionParams = {
  type: 'object',
  required: ['template_id', 'version'],
  properties: { template_id: uuid, version: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
const ok = (description: string) => ({ 200: { description, schema: templateSchema } });

/** A live (not deleted) template of the org; anything else, including another org's id, is 404. */
const liveTemplates = (deps: ApiDeps, orgId: string) => deps.db('templates').where({ org_id: orgId }).whereNull('deleted_at');

/** Versions belong to a live template: a deleted one answers 404 on them too (the rows stay, so its in-flight renders finish). */
async function assertTemplateLive(deps: ApiDeps, orgId: string, templateId: string): Promise<void> {
  const found = await liveTemplates(deps, orgId).andWhere({ id: templateId }).first('id');
  if (!found) throw notFound('template');
}

async function setPublished(deps: ApiDeps, orgId: string, id: string, value: boolean) {
  const [row] = await liveTemplates(deps, orgId)
    .andWhere({ id })
    .update({
      is_published: value,
      // only a real flip counts as a change
      updated_at: deps.db.raw("CASE WHEN is_published = ? THEN updated_at ELSE date_trunc('milliseconds', clock_timestamp()) END", [value]),
    })
    .returning('*');
  if (!row) throw notFound('template');
  return serializeTemplate(row);
}

export function templatesRoutes(): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/v1/templates',
      operationId: 'createTemplate',
      summary: 'Create a template',
      description:
        'Creates a template and its immutable version 1. `format` defaults to png (image) or mp4 (video), `video_strategy` to auto, `project_id` to the org id.',
      tag: TAG,
      body: createTemplateBody,
      responses: { 201: { description: 'The template', schema: templateSchema } },
      handler: async ({ ctx, body, orgId, deps }) => {
        const row = await createTemplate(deps.db, orgId, body);
        ctx.status = 201;
        ctx.set('Location', `/v1/templates/${row.id}`);
        return serializeTemplate(row);
      },
    },
    {
      method: 'get',
      path: '/v1/templates',
      operationId: 'listTemplates',
      summary: 'List templates',
      description: 'Newest first. Deleted templates are not listed.',
      tag: TAG,
      query: { type: 'object', properties: { ...listQuerySchema, ...templateListQuery.properties } },
      responses: { 200: { description: 'A page of templates', schema: { type: 'array', items: templateSchema }, headers: listHeaders } },
      handler: async ({ ctx, query, orgId, deps }) => {
        const qb = liveTemplates(deps, orgId);
        if (query.project_id) qb.andWhere({ project_id: query.project_id });
        if (query.type) qb.andWhere({ type: query.type });
        if (query.is_published !== undefined) qb.andWhere({ is_published: query.is_published });
        const rows = await paginate<any>(ctx, qb, { limit: query.limit, cursor: query.cursor });
        return rows.map(serializeTemplate);
      },
    },
    {
      method: 'get',
      path: '/v1/templates/{template_id}',
      operationId: 'getTemplate',
      summary: 'Get a template',
      tag: TAG,
      params: templateParams,
      responses: ok('The template'),
      handler: async ({ params, orgId, deps }) => {
        const row = await liveTemplates(deps, orgId).andWhere({ id: params.template_id }).first();
        if (!row) throw notFound('template');
        return serializeTemplate(row);
      },
    },
    {
      method: 'patch',
      path: '/v1/templates/{template_id}',
      operationId: 'updateTemplate',
      summary: 'Update a template',
      description:
        'Partial update (spec 4.1). A change to rendering content (composition_html, canvas_data, placeholders, width, height, format, video_strategy) stores a new immutable version and increments current_version; a rename does not, and values equal to the stored ones change nothing.',
      tag: TAG,
      params: templateParams,
      body: updateTemplateBody,
      responses: ok('The updated template'),
      handler: async ({ params, body, orgId, deps }) => serializeTemplate(await updateTemplate(deps.db, orgId, params.template_id, body)),
    },
    {
      method: 'delete',
      path: '/v1/templates/{template_id}',
      operationId: 'deleteTemplate',
      summary: 'Delete a template',
      description:
        'Soft delete: the template disappears from reads, lists and /versions and cannot be rendered; renders made from it stay readable.',
      tag: TAG,
      params: templateParams,
      responses: { 204: { description: 'Deleted' } },
      handler: async ({ params, orgId, deps }) => {
        const n = await liveTemplates(deps, orgId).andWhere({ id: params.template_id }).update({ deleted_at: dbNowMs(deps.db) });
        if (!n) throw notFound('template');
        return undefined;
      },
    },
    {
      method: 'post',
      path: '/v1/templates/{template_id}/publish',
      operationId: 'publishTemplate',
      summary: 'Publish a template',
      description: 'Sets is_published to true. Idempotent; publication does not create a version.',
      tag: TAG,
      params: templateParams,
      responses: ok('The published template'),
      handler: async ({ params, orgId, deps }) => setPublished(deps, orgId, params.template_id, true),
    },
    {
      method: 'post',
      path: '/v1/templates/{template_id}/unpublish',
      operationId: 'unpublishTemplate',
      summary: 'Unpublish a template',
      description: 'Sets is_published to false. Idempotent.',
      tag: TAG,
      params: templateParams,
      responses: ok('The unpublished template'),
      handler: async ({ params, orgId, deps }) => setPublished(deps, orgId, params.template_id, false),
    },
    {
      method: 'get',
      path: '/v1/templates/{template_id}/versions',
      operationId: 'listTemplateVersions',
      summary: 'List template versions',
      description: 'Newest first. A deleted template answers 404 here too.',
      tag: TAG,
      params: templateParams,
      query: { type: 'object', properties: listQuerySchema },
      responses: {
        200: { description: 'A page of versions', schema: { type: 'array', items: templateVersionSchema }, headers: listHeaders },
      },
      handler: async ({ ctx, params, query, orgId, deps }) => {
        await assertTemplateLive(deps, orgId, params.template_id);
        const rows = await listTemplateVersions(ctx, deps.db, { orgId, templateId: params.template_id }, query);
        return rows.map(serializeTemplateVersion);
      },
    },
    {
      method: 'get',
      path: '/v1/templates/{template_id}/versions/{version}',
      operationId: 'getTemplateVersion',
      summary: 'Get one template version',
      description: 'The exact content a render with this template_version was made from. A deleted template answers 404 here too.',
      tag: TAG,
      params: versionParams,
      responses: { 200: { description: 'The version snapshot', schema: templateVersionSchema } },
      handler: async ({ params, orgId, deps }) => {
        await assertTemplateLive(deps, orgId, params.template_id);
        const row = await deps
          .db('template_versions')
          .where({ org_id: orgId, template_id: params.template_id, version: params.version })
          .first();
        if (!row) throw notFound('template version');
        return serializeTemplateVersion(row);
      },
    },
  ];
}
