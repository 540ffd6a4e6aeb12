import { TASK_QUEUES, workflowIds } from '@rp/common';
import { generateWebhookSecret, serializeDelivery, serializeWebhook, type Knex } from '@rp/db';
import { conflict, notFound, validationFailed } from '@rp/errors';
import type { RouteContext, RouteDef } from '../http/route';
import { listQuerySchema, paginate } from '../http/pagination';
import { authHeader, idParam, listHeaders, uuid } from '../schemas/common';
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

type Row = Record<string, any>;

/** Another org's (or a deleted) webhook answers 404, never 403: ids must not be probeable. */
async function findWebhook(db: Knex, orgId: string, id: string): Promise<Row> {
  const row = await db('webhooks').where({ id, org_id: orgId }).whereNull('deleted_at').first();
  if (!row) throw notFound('webhook');
  return row;
}

/** ajv's uri format accepts "http://" alone; a receiver needs a host. */
function checkUrl(raw: string): string {
  let host = '';
  try {
    host = new URL(raw).hostname;
  } catch {
    /* reported below */
  }
  if (!host) throw validationFailed([{ field: 'url', message: 'must be an absolute http(s) URL with a host' }]);
  return raw;
}

/**
 * Every event fans out to every subscribed webhook of the org, so the number of webhooks bounds the deliveries one
 * write can cause. Implicit webhooks do not count: each gets only its own renders' events.
 */
async function createWebhook({ ctx, body, orgId, deps }: RouteContext) {
  const url = checkUrl(body.url);
  const limit = deps.config.WEBHOOK_LIMIT_PER_ORG;
  const row = await deps.db.transaction(async (trx) => {
    // the org row lock serialises concurrent creates, so the count cannot be raced past the limit
    await trx('orgs').where({ id: orgId }).forUpdate().first('id');
    const [{ count }] = await trx('webhooks')
      .where({ org_id: orgId, implicit: false })
      .whereNull('deleted_at')
      .count<{ count: string }[]>('* as count');
    if (Number(count) >= limit) {
      throw conflict('webhook_limit_reached', `An org can have at most ${limit} webhooks; delete one first`, [
        { field: 'url', message: `the org already has ${limit} webhooks` },
      ]);
    }
    const [inserted] = await trx('webhooks')
      .insert({
        org_id: orgId,
        url,
        events: JSON.stringify(body.events ?? ['*']),
        description: body.description ?? null,
        enabled: body.enabled ?? true,
        secret: generateWebhookSecret(),
      })
      .returning('*');
    return inserted;
  });
  ctx.status = 201;
  ctx.set('Location', `/v1/webhooks/${row.id}`);
  return serializeWebhook(row, { withSecret: true });
}

async function updateWebhook({ params, body, orgId, deps }: RouteContext) {
  const current = await findWebhook(deps.db, orgId, params.webhook_id);
  if (current.implicit) {
    // an implicit webhook is defined by its renders' webhook_url: moving it would redirect their events
    const fixed = ['url', 'events'].filter((f) => f in body);
    if (fixed.length) throw validationFailed(fixed.map((field) => ({ field, message: 'cannot be changed on an implicit webhook' })));
  }
  const patch: Row = { updated_at: deps.db.fn.now() };
  if (body.url !== undefined) patch.url = checkUrl(body.url);
  if (body.events !== undefined) patch.events = JSON.stringify(body.events);
  if (body.description !== undefined) patch.description = body.description;
  if (body.enabled !== undefined) {
    patch.enabled = body.enabled;
    patch.disabled_reason = body.enabled ? null : 'disabled through the API';
  }
  const [row] = await deps.db('webhooks').where({ id: current.id }).update(patch).returning('*');
  return serializeWebhook(row);
}

async function redeliver({ ctx, params, orgId, deps }: RouteContext) {
  const webhook = await findWebhook(deps.db, orgId, params.webhook_id);
  if (!webhook.enabled) throw conflict('webhook_disabled', 'The webhook is disabled; enable it before redelivering');
  const row: Row = await deps.db.transaction(async (trx) => {
    const d = await trx('webhook_deliveries')
      .where({ id: params.delivery_id, webhook_id: webhook.id, org_id: orgId })
      .forUpdate()
      .first();
    if (!d) throw notFound('delivery');
    if (d.status === 'pending' || d.status === 'retrying') {
      throw conflict('delivery_in_progress', 'The delivery is still being attempted; redeliver once it succeeded or failed');
    }
    // the row mirrors the current series; earlier series stay in the attempt history
    const [u] = await trx('webhook_deliveries')
      .where({ id: d.id })
      .update({
        series: d.series + 1,
        status: 'pending',
        attempts: 0,
        http_status: null,
        response_body: null,
        next_retry_at: null,
        delivered_at: null,
        updated_at: trx.fn.now(),
      })
      .returning('*');
    return u;
  });
  try {
    // committed first: the workflow's first attempt must see the new series
    await deps.temporal.workflow.start('webhookDeliveryWorkflow', {
      taskQueue: TASK_QUEUES.WEBHOOKS,
      workflowId: workflowIds.webhookDelivery(row.id, row.series),
      // an empty schedule makes the workflow ask the webhook worker for WEBHOOK_RETRY_SCHEDULE
      args: [{ deliveryId: row.id, orgId, scheduleMs: [], series: row.series }],
    });
  } catch (e) {
    // no workflow runs this series: leave it failed (redeliverable) instead of pending forever
    await deps.db('webhook_deliveries')
      .where({ id: row.id, series: row.series, attempts: 0 })
      .update({ status: 'failed', updated_at: deps.db.fn.now() });
    throw e;
  }
  ctx.status = 202;
  return serializeDelivery(row);
}

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
      responses: {
        201: { description: 'The webhook and its secret', schema: webhookWithSecretSchema },
        409: { description: 'The org already has WEBHOOK_LIMIT_PER_ORG webhooks (webhook_limit_reached; implicit ones do not count)' },
      },
      handler: createWebhook,
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
      responses: { 200: { description: 'Webhooks', schema: { type: 'array', items: webhookSchema }, headers: listHeaders } },
      handler: async ({ ctx, query, orgId, deps }) => {
        const qb = deps.db('webhooks').where({ org_id: orgId }).whereNull('deleted_at');
        const rows = await paginate<Row & { id: string; created_at: Date }>(ctx, qb, query);
        return rows.map((r) => serializeWebhook(r));
      },
    },
    {
      method: 'get',
      path: '/v1/webhooks/{webhook_id}',
      operationId: 'getWebhook',
      summary: 'Get webhook',
      tag: TAG,
      headers: [authHeader],
      params: webhookParams,
      responses: { 200: { description: 'The webhook', schema: webhookSchema } },
      handler: async ({ params, orgId, deps }) => serializeWebhook(await findWebhook(deps.db, orgId, params.webhook_id)),
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
      responses: { 200: { description: 'The updated webhook', schema: webhookSchema } },
      handler: updateWebhook,
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
      handler: async ({ params, orgId, deps }) => {
        const row = await findWebhook(deps.db, orgId, params.webhook_id);
        await deps.db('webhooks')
          .where({ id: row.id })
          .update({ deleted_at: deps.db.fn.now(), enabled: false, updated_at: deps.db.fn.now() });
        return undefined;
      },
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
      responses: { 200: { description: 'The webhook and its new secret', schema: webhookWithSecretSchema } },
      handler: async ({ params, orgId, deps }) => {
        const row = await findWebhook(deps.db, orgId, params.webhook_id);
        const [u] = await deps.db('webhooks')
          .where({ id: row.id })
          .update({ secret: generateWebhookSecret(), updated_at: deps.db.fn.now() })
          .returning('*');
        return serializeWebhook(u, { withSecret: true });
      },
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
      responses: { 200: { description: 'Deliveries', schema: { type: 'array', items: deliverySchema }, headers: listHeaders } },
      handler: async ({ ctx, params, query, orgId, deps }) => {
        const webhook = await findWebhook(deps.db, orgId, params.webhook_id);
        const qb = deps.db('webhook_deliveries').where({ webhook_id: webhook.id, org_id: orgId });
        if (query.status) qb.where({ status: query.status });
        const rows = await paginate<Row & { id: string; created_at: Date }>(ctx, qb, query);
        return rows.map(serializeDelivery);
      },
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
      responses: { 200: { description: 'The delivery', schema: deliveryDetailSchema } },
      handler: async ({ params, orgId, deps }) => {
        const webhook = await findWebhook(deps.db, orgId, params.webhook_id);
        const d = await deps.db('webhook_deliveries').where({ id: params.delivery_id, webhook_id: webhook.id, org_id: orgId }).first();
        if (!d) throw notFound('delivery');
        const attempts = await deps.db('webhook_attempts')
          .where({ delivery_id: d.id })
          .orderBy([{ column: 'series' }, { column: 'attempt' }])
          .select('series', 'attempt', 'http_status', 'response_body', 'error', 'duration_ms', 'created_at');
        return {
          ...serializeDelivery(d),
          series: d.series,
          attempt_history: attempts.map((a: Row) => ({ ...a, created_at: new Date(a.created_at).toISOString() })),
        };
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
        202: { description: 'The delivery, pending its new series', schema: deliverySchema },
        409: { description: 'The delivery is still being attempted (delivery_in_progress) or the webhook is disabled (webhook_disabled)' },
      },
      handler: redeliver,
    },
  ];
}
