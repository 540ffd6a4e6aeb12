import { generateWebhookSecret, type DeliveryRow, type Knex, type WebhookRow } from '@rp/db';
import { conflict, notFound, validationFailed } from '@rp/errors';
import type { ApiDeps } from '../deps';
import { keysetPage, type Page, type PageQuery } from './keyset-page';

export interface WebhookInput {
  url?: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
}

/** Another org's (or a deleted) webhook answers 404, never 403: ids must not be probeable. */
export async function findWebhook(db: Knex, orgId: string, id: string): Promise<WebhookRow> {
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
export async function createWebhook(deps: ApiDeps, orgId: string, body: WebhookInput & { url: string }): Promise<WebhookRow> {
  const url = checkUrl(body.url);
  const limit = deps.config.WEBHOOK_LIMIT_PER_ORG;
  return deps.db.transaction(async (trx) => {
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
}

export function listWebhooks(db: Knex, orgId: string, page: PageQuery): Promise<Page<WebhookRow>> {
  return keysetPage<WebhookRow>(db('webhooks').where({ org_id: orgId }).whereNull('deleted_at'), page);
}

export async function updateWebhook(db: Knex, orgId: string, id: string, body: WebhookInput): Promise<WebhookRow> {
  const current = await findWebhook(db, orgId, id);
  if (current.implicit) {
    // an implicit webhook is defined by its renders' webhook_url: moving it would redirect their events
    const fixed = ['url', 'events'].filter((f) => f in body);
    if (fixed.length) throw validationFailed(fixed.map((field) => ({ field, message: 'cannot be changed on an implicit webhook' })));
  }
  const patch: Record<string, unknown> = { updated_at: db.fn.now() };
  if (body.url !== undefined) patch.url = checkUrl(body.url);
  if (body.events !== undefined) patch.events = JSON.stringify(body.events);
  if (body.description !== undefined) patch.description = body.description;
  if (body.enabled !== undefined) {
    patch.enabled = body.enabled;
    patch.disabled_reason = body.enabled ? null : 'disabled through the API';
  }
  const [row] = await db('webhooks').where({ id: current.id }).update(patch).returning('*');
  return row;
}

/** Soft delete: no further attempts are sent; its deliveries are no longer listed. */
export async function deleteWebhook(db: Knex, orgId: string, id: string): Promise<void> {
  const row = await findWebhook(db, orgId, id);
  await db('webhooks').where({ id: row.id }).update({ deleted_at: db.fn.now(), enabled: false, updated_at: db.fn.now() });
}

export async function rotateWebhookSecret(db: Knex, orgId: string, id: string): Promise<WebhookRow> {
  const row = await findWebhook(db, orgId, id);
  const [u] = await db('webhooks').where({ id: row.id }).update({ secret: generateWebhookSecret(), updated_at: db.fn.now() }).returning('*');
  return u;
}

export async function listDeliveries(
  db: Knex,
  orgId: string,
  webhookId: string,
  q: PageQuery & { status?: string },
): Promise<Page<DeliveryRow>> {
  const webhook = await findWebhook(db, orgId, webhookId);
  const qb = db('webhook_deliveries').where({ webhook_id: webhook.id, org_id: orgId });
  if (q.status) qb.where({ status: q.status });
  return keysetPage<DeliveryRow>(qb, q);
}

export interface AttemptRecord {
  series: number;
  attempt: number;
  http_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
}

/** The delivery with its attempt history (every series, in order). */
export async function getDelivery(db: Knex, orgId: string, webhookId: string, deliveryId: string) {
  const webhook = await findWebhook(db, orgId, webhookId);
  const delivery: DeliveryRow | undefined = await db('webhook_deliveries').where({ id: deliveryId, webhook_id: webhook.id, org_id: orgId }).first();
  if (!delivery) throw notFound('delivery');
  const rows: (Omit<AttemptRecord, 'created_at'> & { created_at: Date })[] = await db('webhook_attempts')
    .where({ delivery_id: delivery.id })
    .orderBy([{ column: 'series' }, { column: 'attempt' }])
    .select('series', 'attempt', 'http_status', 'response_body', 'error', 'duration_ms', 'created_at');
  const attempts: AttemptRecord[] = rows.map((a) => ({ ...a, created_at: new Date(a.created_at).toISOString() }));
  return { delivery, attempts };
}

/** Resets a finished delivery to a new attempt series (the row mirrors the current one; history stays). */
async function beginSeries(db: Knex, orgId: string, webhookId: string, deliveryId: string): Promise<DeliveryRow> {
  return db.transaction(async (trx) => {
    const d: DeliveryRow | undefined = await trx('webhook_deliveries').where({ id: deliveryId, webhook_id: webhookId, org_id: orgId }).forUpdate().first();
    if (!d) throw notFound('delivery');
    if (d.status === 'pending' || d.status === 'retrying') {
      throw conflict('delivery_in_progress', 'The delivery is still being attempted; redeliver once it succeeded or failed');
    }
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
}

/** A new attempt series for a delivery that succeeded or failed: same payload and webhook-id, full schedule. */
export async function redeliver(deps: ApiDeps, orgId: string, webhookId: string, deliveryId: string): Promise<DeliveryRow> {
  const webhook = await findWebhook(deps.db, orgId, webhookId);
  if (!webhook.enabled) throw conflict('webhook_disabled', 'The webhook is disabled; enable it before redelivering');
  const row = await beginSeries(deps.db, orgId, webhook.id, deliveryId);
  try {
    // committed first: the workflow's first attempt must see the new series. An empty schedule makes the
    // workflow ask the webhook worker for WEBHOOK_RETRY_SCHEDULE.
    await deps.temporal.startWebhookDelivery({ deliveryId: row.id, orgId, webhookId: webhook.id, scheduleMs: [], series: row.series });
  } catch (e) {
    // no workflow runs this series: leave it failed (redeliverable) instead of pending forever
    await deps.db('webhook_deliveries')
      .where({ id: row.id, series: row.series, attempts: 0 })
      .update({ status: 'failed', updated_at: deps.db.fn.now() });
    throw e;
  }
  return row;
}
