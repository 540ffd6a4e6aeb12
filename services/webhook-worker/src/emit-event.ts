import type { Knex } from '@rp/db';
import type { EmitEventInput } from '@rp/workflow-safe';
import type { WebhookActivityDeps } from './activity-deps';
import type { StartDelivery } from './start-delivery';
import { activityLogger } from '@rp/worker-runtime';
import { buildEvent } from './build-event';

/**
 * emitEvent: one delivery row per matching webhook, committed, then one `webhookDeliveryWorkflow` started per new
 * row, eagerly on this worker (its first attempt runs in the workflow's first task, so a render workflow, and a
 * sync client behind it, never waits on a receiver). Safe to retry at any point: rows are unique per
 * (webhook_id, event_id) and workflow ids per row, so a second run neither adds rows nor starts twice. A start
 * that fails here, or that the worker's start budget does not admit (its starts in flight are many, or deliveries wait
 * for a start already: a burst), is left to the start-recovery sweep (start-recovery-sweep.ts), the one recovery path
 * for starts: a burst waits in Postgres, not in the worker's memory, and emitEvent stays as short as its queries.
 */
/**
 * A delivery whose start was deferred is due now: `next_retry_at` set on a pending row says so (it is null on every
 * other pending row), and the start-recovery sweep starts such rows at its next pass instead of waiting for them to
 * look stale.
 */
const markDeferred = (db: Knex, ids: string[]) =>
  db('webhook_deliveries').whereIn('id', ids).where({ status: 'pending', attempts: 0 }).whereNull('next_retry_at').update({ next_retry_at: db.fn.now() });

export function createEmitEvent(deps: WebhookActivityDeps, startDelivery: StartDelivery) {
  const { db } = deps;

  return async function emitEvent(input: EmitEventInput): Promise<{ deliveryIds: string[] }> {
    const log = activityLogger(deps.logger);
    const event = await buildEvent(db, deps.signUrl, input);

    const explicit: string[] = await db('webhooks')
      .where({ org_id: input.orgId, enabled: true, implicit: false })
      .whereNull('deleted_at')
      .whereRaw(`(events @> ?::jsonb OR events @> '["*"]'::jsonb)`, [JSON.stringify([input.type])])
      .pluck('id');
    const webhookIds = new Set(explicit);
    if (event.implicitWebhookId) {
      const live = await db('webhooks')
        .where({ id: event.implicitWebhookId, org_id: input.orgId, enabled: true })
        .whereNull('deleted_at')
        .first('id');
      if (live) webhookIds.add(live.id);
    }
    if (webhookIds.size === 0) {
      log.debug({ type: input.type, resource_id: input.resourceId }, 'event has no subscribers');
      return { deliveryIds: [] };
    }

    const payload = JSON.stringify(event.payload);
    await db('webhook_deliveries')
      .insert(
        [...webhookIds].map((webhookId) => ({
          org_id: input.orgId,
          webhook_id: webhookId,
          event_id: event.eventId,
          event_type: input.type,
          payload,
        })),
      )
      .onConflict(['webhook_id', 'event_id'])
      .ignore();
    const rows: { id: string; webhook_id: string; status: string; attempts: number; series: number }[] = await db('webhook_deliveries')
      .where({ event_id: event.eventId })
      .whereIn('webhook_id', [...webhookIds])
      .select('id', 'webhook_id', 'status', 'attempts', 'series');

    // rows an earlier run already started (or a redeliver took over) are left alone; of the others, what the start
    // budget admits is started now, the rest waits as committed rows for the start-recovery sweep (start-budget.ts)
    const toStart = rows.filter((r) => r.status === 'pending' && r.attempts === 0 && r.series === 1);
    const tried = toStart.map((r) => deps.startBudget.tryRun(() => startDelivery({ id: r.id, orgId: input.orgId, webhookId: r.webhook_id, series: 1, attempts: 0 })));
    (await Promise.allSettled(tried)).forEach((s, i) => {
      if (s.status === 'rejected') log.warn({ err: s.reason, delivery_id: toStart[i]!.id }, 'delivery workflow not started; the start-recovery sweep starts it');
    });
    const deferred = toStart.filter((_, i) => tried[i] === null).map((r) => r.id);
    if (deferred.length > 0) {
      deps.startBudget.noteDeferred();
      await markDeferred(db, deferred);
      deps.metrics.countStart('deferred', deferred.length);
    }
    log.info({ type: input.type, resource_id: input.resourceId, deliveries: rows.length, deferred: deferred.length }, 'event emitted');
    return { deliveryIds: rows.map((r) => r.id) };
  };
}
