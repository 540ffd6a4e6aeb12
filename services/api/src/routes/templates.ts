import { serializeTemplate, serializeTemplateVersion } from '@rp/serializers';
import { PIN_CAPS } from '@rp/workflow-safe';
import type { RouteDef } from '../http/route';
import { created } from '../http/created';
import { listQuerySchema, sendPage, versionListQuerySchema } from '../http/pagination';
import { idParam, listHeaders, uuid } from '../schemas/common';
import {
  createTemplateBody,
  templateListQuery,
  templateSchema,
  templateVersionSchema,
  updateTemplateBody,
  versionParitySchema,
} from '../schemas/template';
import { serializeVersionParity } from '../engine/version-parity';
import { createTemplate } from '../services/create-template';
import { updateTemplate } from '../services/update-template';
import { startEngineDecision } from '../services/engine-at-save';
import { pinnerFor } from '../services/pin-at-save';
import { repinTemplate } from '../services/repin-template';
import { listTemplateVersions } from '../services/list-template-versions';
import * as templates from '../services/template-service';
import { exampleCreateTemplate, exampleTemplate, exampleTemplateVersion, exampleUpdateTemplate, exampleVersionParity } from '../openapi/examples';

const TAG = 'Templates';
const templateParams = idParam('template_id');
const versionParams = {
  type: 'object',
  required: ['template_id', 'version'],
  properties: { template_id: uuid, version: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
const ok = (description: string) => ({ 200: { description, schema: templateSchema, example: exampleTemplate } });

// eslint-disable-next-line max-lines-per-function -- a route table, one declarative entry per operation; the logic is in the services.
export function templatesRoutes(): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/v1/templates',
      operationId: 'createTemplate',
      summary: 'Create a template',
      description:
        'Creates a template and its immutable version 1. `format` defaults to png (image) or mp4 (video), `video_strategy` to auto, `engine` to auto, `project_id` to the org id. With `engine: auto` the version renders with Chromium (`engine_decision.reason` `parity_pending`) until its parity check decides, usually within seconds; `engine: native` answers 422 `engine_unsupported` (field `engine`, naming the reason) when the static gate rules the native engine out (docs/engines.md). What the HTML loads from elsewhere is pinned before the answer (docs/pinning.md): the version records it as `pinned_resources` and its renders never fetch those URLs again.',
      tag: TAG,
      body: createTemplateBody,
      requestExample: exampleCreateTemplate,
      responses: { 201: { description: 'The template', schema: templateSchema, example: exampleTemplate } },
      handler: async ({ ctx, body, orgId, deps }) => {
        const row = await createTemplate(deps.db, orgId, body, deps.config, pinnerFor(deps, orgId));
        await startEngineDecision(deps, row);
        return created(ctx, `/v1/templates/${row.id}`, serializeTemplate(row));
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
      responses: { 200: { description: 'A page of templates', schema: { type: 'array', items: templateSchema }, headers: listHeaders, example: [exampleTemplate] } },
      handler: async ({ ctx, query, orgId, deps }) => sendPage(ctx, await templates.listTemplates(deps.db, orgId, query), serializeTemplate),
    },
    {
      method: 'get',
      path: '/v1/templates/{template_id}',
      operationId: 'getTemplate',
      summary: 'Get a template',
      tag: TAG,
      params: templateParams,
      responses: ok('The template'),
      handler: async ({ params, orgId, deps }) => serializeTemplate(await templates.getTemplate(deps.db, orgId, params.template_id)),
    },
    {
      method: 'patch',
      path: '/v1/templates/{template_id}',
      operationId: 'updateTemplate',
      summary: 'Update a template',
      description:
        'Partial update (spec 4.1). A change to rendering content (composition_html, canvas_data, placeholders, width, height, format, video_strategy) or to `engine` stores a new immutable version and increments current_version; a rename does not, and values equal to the stored ones change nothing.',
      tag: TAG,
      params: templateParams,
      body: updateTemplateBody,
      requestExample: exampleUpdateTemplate,
      responses: ok('The updated template'),
      handler: async ({ params, body, orgId, deps }) => {
        const row = await updateTemplate(deps.db, orgId, params.template_id, body, deps.config, pinnerFor(deps, orgId));
        await startEngineDecision(deps, row);
        return serializeTemplate(row);
      },
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
      handler: async ({ params, orgId, deps }) => templates.deleteTemplate(deps.db, orgId, params.template_id),
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
      handler: async ({ params, orgId, deps }) => serializeTemplate(await templates.setPublished(deps.db, orgId, params.template_id, true)),
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
      handler: async ({ params, orgId, deps }) => serializeTemplate(await templates.setPublished(deps.db, orgId, params.template_id, false)),
    },
    {
      method: 'post',
      path: '/v1/templates/{template_id}/repin',
      operationId: 'repinTemplate',
      summary: 'Pin a template\'s resources again',
      description:
        `Fetches what the current content loads from elsewhere again (stylesheets, @imports, fonts, url()s, static images, scripts and their static module imports; docs/pinning.md) and stores it as a new version with the same content, a fresh \`pinned_resources\` manifest and its own engine decision. Earlier versions keep their pinned bytes. Pinning is bounded: it answers within ${PIN_CAPS.DEADLINE_MS / 1000} s of fetching (a resource still loading then is recorded \`unresolved\`); more than ${PIN_CAPS.MAX_RESOURCES} resources answer 422 \`pinning_too_many\`, a script whose \`integrity\` does not match its bytes 422 \`pinning_integrity_mismatch\`.`,
      tag: TAG,
      params: templateParams,
      responses: ok('The template at its new version'),
      handler: async ({ params, orgId, deps }) => {
        const row = await repinTemplate(deps.db, orgId, params.template_id, pinnerFor(deps, orgId));
        await startEngineDecision(deps, row);
        return serializeTemplate(row);
      },
    },
    {
      method: 'get',
      path: '/v1/templates/{template_id}/versions',
      operationId: 'listTemplateVersions',
      summary: 'List template versions',
      description: 'Newest first. A deleted template answers 404 here too.',
      tag: TAG,
      params: templateParams,
      query: { type: 'object', properties: versionListQuerySchema },
      responses: {
        200: { description: 'A page of versions', schema: { type: 'array', items: templateVersionSchema }, headers: listHeaders, example: [exampleTemplateVersion] },
      },
      handler: async ({ ctx, params, query, orgId, deps }) =>
        sendPage(ctx, await listTemplateVersions(deps.db, { orgId, templateId: params.template_id }, query), serializeTemplateVersion),
    },
    {
      method: 'get',
      path: '/v1/templates/{template_id}/versions/{version}',
      operationId: 'getTemplateVersion',
      summary: 'Get one template version',
      description: 'The exact content a render with this template_version was made from. A deleted template answers 404 here too.',
      tag: TAG,
      params: versionParams,
      responses: { 200: { description: 'The version snapshot', schema: templateVersionSchema, example: exampleTemplateVersion } },
      handler: async ({ params, orgId, deps }) =>
        serializeTemplateVersion(await templates.getTemplateVersion(deps.db, orgId, params.template_id, params.version)),
    },
    {
      method: 'get',
      path: '/v1/templates/{template_id}/versions/{version}/parity',
      operationId: 'getTemplateVersionParity',
      summary: 'Get the parity check of a template version',
      description:
        'What the studio shows beside a version decided by `auto`: each sample\'s SSIM and PSNR with signed URLs of the Chromium reference, the native render and a difference view (docs/engines.md). A version the parity check did not run on (gated, forced, pending) answers its engine and reason with no samples.',
      tag: TAG,
      params: versionParams,
      responses: { 200: { description: 'The parity check', schema: versionParitySchema, example: exampleVersionParity } },
      handler: async ({ params, orgId, deps }) =>
        serializeVersionParity(await templates.getTemplateVersion(deps.db, orgId, params.template_id, params.version), deps.signUrl),
    },
  ];
}
