import { serializeDelivery, serializeWebhook } from '@rp/serializers';
import type { RouteDef } from '../http/route';
import { created } from '../http/created';
import { listQuerySchema, sendPage } from '../http/pagination';
import * as webhooks from '../services/webhook-service';
import { authHeader, idParam, listHeaders, uuid } from '../schemas/common';
import * as ex from '../openapi/examples';
import {
  createWebhookBody,
  deliveryDetailSchema,
  deliveryListQuery,
  deliverySchema,
  updateWebhookBody,
  webhookSchema,
  webhookWithSecretSchema,
} from '../schemas/webhook';

const TAG = 'Webhooks';
const webhookParams = idParam('webhook_id');
const deliveryParams = {
  type: 'object',
  required: ['webhook_id', 'delivery_id'],
  properties: { webhook_id: uuid, delivery_id: uuid },
} as const;

// eslint-disable-next-line max-lines-per-function -- a route table, one declarative entry per operation; the logic is in the services.
export function webhooksRoutes(): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/v1/webhooks',
      operationId: 'createWebhook',
      summary: 'Create webhook',
      description:
        'Subscribes a URL to events. The answer carries the signing `secret` (Standard Webhooks); it is not shown again. An org has at most WEBHOOK_LIMIT_PER_ORG (default 20) webhooks besides the implicit ones.',
      tag: TAG,
      headers: [authHeader],
      body: createWebhookBody,
      requestExample: ex.exampleCreateWebhook,
      responses: {
        201: { description: 'The webhook and its secret', schema: webhookWithSecretSchema, example: ex.exampleWebhookWithSecret },
        409: { description: 'The org already has WEBHOOK_LIMIT_PER_ORG webhooks (webhook_limit_reached; implicit ones do not count)' },
      },
      handler: async ({ ctx, body, orgId, deps }) => {
        const row = await webhooks.createWebhook(deps, orgId, body);
        return created(ctx, `/v1/webhooks/${row.id}`, serializeWebhook(row, { withSecret: true }));
      },
    },
    {
      method: 'get',
      path: '/v1/webhooks',
      operationId: 'listWebhooks',
      summary: 'List webhooks',
      description: 'Newest first; includes implicit webhooks (those serving a render `webhook_url`).',
      tag: TAG,
      headers: [authHeader],
      query: { type: 'object', properties: { ...listQuerySchema } },
      responses: { 200: { description: 'Webhooks', schema: { type: 'array', items: webhookSchema }, headers: listHeaders, example: [ex.exampleWebhook] } },
      handler: async ({ ctx, query, orgId, deps }) =>
        sendPage(ctx, await webhooks.listWebhooks(deps.db, orgId, query), (r) => serializeWebhook(r)),
    },
    {
      method: 'get',
      path: '/v1/webhooks/{webhook_id}',
      operationId: 'getWebhook',
      summary: 'Get webhook',
      tag: TAG,
      headers: [authHeader],
      params: webhookParams,
      responses: { 200: { description: 'The webhook', schema: webhookSchema, example: ex.exampleWebhook } },
      handler: async ({ params, orgId, deps }) => serializeWebhook(await webhooks.findWebhook(deps.db, orgId, params.webhook_id)),
    },
    {
      method: 'patch',
      path: '/v1/webhooks/{webhook_id}',
      operationId: 'updateWebhook',
      summary: 'Update webhook',
      description: 'Re-enabling a webhook (`enabled: true`) clears `disabled_reason`.',
      tag: TAG,
      headers: [authHeader],
      params: webhookParams,
      body: updateWebhookBody,
      requestExample: ex.exampleUpdateWebhook,
      responses: { 200: { description: 'The updated webhook', schema: webhookSchema, example: ex.exampleWebhook } },
      handler: async ({ params, body, orgId, deps }) =>
        serializeWebhook(await webhooks.updateWebhook(deps.db, orgId, params.webhook_id, body)),
    },
    {
      method: 'delete',
      path: '/v1/webhooks/{webhook_id}',
      operationId: 'deleteWebhook',
      summary: 'Delete webhook',
      description: 'Soft delete: no further attempts are sent; its deliveries are no longer listed.',
      tag: TAG,
      headers: [authHeader],
      params: webhookParams,
      responses: { 204: { description: 'Deleted' } },
      handler: async ({ params, orgId, deps }) => webhooks.deleteWebhook(deps.db, orgId, params.webhook_id),
    },
    {
      method: 'post',
      path: '/v1/webhooks/{webhook_id}/rotate-secret',
      operationId: 'rotateWebhookSecret',
      summary: 'Rotate webhook secret',
      description: 'Issues a new secret; every attempt from now on (including retries of earlier events) is signed with it.',
      tag: TAG,
      headers: [authHeader],
      params: webhookParams,
      responses: { 200: { description: 'The webhook and its new secret', schema: webhookWithSecretSchema, example: ex.exampleWebhookWithSecret } },
      handler: async ({ params, orgId, deps }) =>
        serializeWebhook(await webhooks.rotateWebhookSecret(deps.db, orgId, params.webhook_id), { withSecret: true }),
    },
    {
      method: 'get',
      path: '/v1/webhooks/{webhook_id}/deliveries',
      operationId: 'listDeliveries',
      summary: 'List Deliveries',
      description: 'Newest first. `limit` 1-100 (default 20); older pages through `cursor` (from the `Next-Cursor` header).',
      tag: TAG,
      headers: [authHeader],
      params: webhookParams,
      query: { type: 'object', properties: { ...listQuerySchema, ...deliveryListQuery } },
      responses: { 200: { description: 'Deliveries', schema: { type: 'array', items: deliverySchema }, headers: listHeaders, example: [ex.exampleDelivery] } },
      handler: async ({ ctx, params, query, orgId, deps }) =>
        sendPage(ctx, await webhooks.listDeliveries(deps.db, orgId, params.webhook_id, query), serializeDelivery),
    },
    {
      method: 'get',
      path: '/v1/webhooks/{webhook_id}/deliveries/{delivery_id}',
      operationId: 'getDelivery',
      summary: 'Get delivery',
      description: 'The delivery with its attempt history (status, answer or error of each attempt).',
      tag: TAG,
      headers: [authHeader],
      params: deliveryParams,
      responses: { 200: { description: 'The delivery', schema: deliveryDetailSchema, example: ex.exampleDeliveryDetail } },
      handler: async ({ params, orgId, deps }) => {
        const { delivery, attempts } = await webhooks.getDelivery(deps.db, orgId, params.webhook_id, params.delivery_id);
        return { ...serializeDelivery(delivery), series: delivery.series, attempt_history: attempts };
      },
    },
    {
      method: 'post',
      path: '/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
      operationId: 'redeliverDelivery',
      summary: 'Redeliver',
      description:
        'Starts a new attempt series for a delivery that succeeded or failed (same payload and webhook-id, full retry schedule). 409 while it is still being attempted or when the webhook is disabled.',
      tag: TAG,
      headers: [authHeader],
      params: deliveryParams,
      responses: {
        202: { description: 'The delivery, pending its new series', schema: deliverySchema, example: ex.exampleRedelivery },
        409: { description: 'The delivery is still being attempted (delivery_in_progress) or the webhook is disabled (webhook_disabled)' },
      },
      handler: async ({ ctx, params, orgId, deps }) => {
        const row = await webhooks.redeliver(deps, orgId, params.webhook_id, params.delivery_id);
        ctx.status = 202;
        return serializeDelivery(row);
      },
    },
  ];
}
