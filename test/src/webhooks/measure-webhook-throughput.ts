import { startEmitEventWorkflow } from '@rp/workflows/client';
import { newOrg, testDb, waitFor } from '../index';
import { workflowIds } from '@rp/workflow-safe';
import { createWebhook, insertRender, listDeliveryWorkflows, startReceiver, temporalClient, terminateOrgDeliveries, type Receiver } from './webhook-test-kit';

const START_CONCURRENCY = 20;

export interface WebhookThroughput {
  deliveries: number;
  events: number;
  webhooks: number;
  elapsed_ms: number;
  /** end to end: from the first emit to the last delivery received */
  deliveries_per_second: number;
  /** receiver side only: first to last delivery received */
  receive_window_ms: number;
  receive_rate_per_second: number;
  emit_starts_ms: number;
  path: string;
}

export interface ThroughputRun {
  result: WebhookThroughput;
  orgId: string;
  receiver: Receiver;
  hooks: { secret: string }[];
}

const rate = (n: number, ms: number) => Math.round((n / (ms / 1000)) * 10) / 10;

/**
 * `events` x `webhooks` deliveries (an org with several endpoints subscribed to "*"): emitEventWorkflows started as
 * the render workflows would, with bounded client concurrency, timed until the receiver has every delivery. Shared
 * by the throughput test (which then checks exactly-once and signatures) and the bench. The caller closes the
 * receiver; on a timeout the org's retry workflows are stopped so they do not slow what runs next.
 */
export async function measureWebhookThroughput(events: number, webhooks: number, timeoutMs = 720_000): Promise<ThroughputRun> {
  const receiver = await startReceiver(() => ({ status: 200, body: 'ok' }));
  const o = await newOrg();
  const hooks = await Promise.all(Array.from({ length: webhooks }, (_, i) => createWebhook(o.api, `${receiver.url}/bench/${i}`, ['*'])));
  const renderIds = await insertRender(o.orgId, { count: events });
  const client = await temporalClient();
  const total = events * webhooks;

  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: START_CONCURRENCY }, async () => {
      while (next < renderIds.length) {
        const id = renderIds[next++]!;
        await startEmitEventWorkflow(client, { orgId: o.orgId, type: 'image.completed', resourceId: id });
      }
    }),
  );
  const startedAll = Date.now();
  try {
    await waitFor(async () => receiver.hits.length >= total, {
      timeoutMs,
      everyMs: 100,
      what: `${total} receiver hits (${receiver.hits.length} after ${Math.round((Date.now() - started) / 1000)} s)`,
    });
  } catch (e) {
    await terminateOrgDeliveries(o.orgId);
    throw e;
  }
  const elapsedMs = Date.now() - started;
  const firstHit = Math.min(...receiver.hits.map((h) => h.at));
  const lastHit = Math.max(...receiver.hits.map((h) => h.at));
  const result: WebhookThroughput = {
    deliveries: total,
    events,
    webhooks,
    elapsed_ms: elapsedMs,
    deliveries_per_second: rate(total, elapsedMs),
    receive_window_ms: lastHit - firstHit,
    receive_rate_per_second: rate(total, Math.max(1, lastHit - firstHit)),
    emit_starts_ms: startedAll - started,
    path: 'emitEventWorkflow -> emitEvent (rows, eager starts) -> webhookDeliveryWorkflow per delivery, its attempt a local activity in its first task -> receiver (127.0.0.2)',
  };
  return { result, orgId: o.orgId, receiver, hooks };
}

/**
 * The org's delivery rows whose workflow Temporal's visibility does not list as succeeded, once every row has
 * one (visibility is eventually consistent: it is waited for); `[]` when every delivery has its workflow.
 */
export async function deliveriesWithoutWorkflow(orgId: string, timeoutMs = 60_000): Promise<{ id: string; listed: unknown }[]> {
  const rows: { id: string; webhook_id: string }[] = await testDb()('webhook_deliveries').where({ org_id: orgId }).select('id', 'webhook_id');
  const missing = async () => {
    const listed = await listDeliveryWorkflows(orgId);
    return rows
      .map((r) => ({ r, listed: listed.get(workflowIds.webhookDelivery(r.id)) }))
      .filter(({ r, listed: l }) => l?.status !== 'succeeded' || l.webhookId !== r.webhook_id)
      .map(({ r, listed: l }) => ({ id: r.id, listed: l ?? null }));
  };
  let last: { id: string; listed: unknown }[] = [];
  await waitFor(async () => (last = await missing()).length === 0, { timeoutMs, everyMs: 1000, what: 'every delivery listed with its workflow' }).catch(() => undefined);
  return last;
}

/** Waits until every delivery row of the org has succeeded (the receiver can see a POST before its row is written). */
export async function waitAllSucceeded(orgId: string, total: number): Promise<void> {
  await waitFor(async () => (await testDb()('webhook_deliveries').where({ org_id: orgId, status: 'succeeded' }).count('* as n'))[0]!.n === total, {
    timeoutMs: 30_000,
    what: 'all delivery rows succeeded',
  });
}
