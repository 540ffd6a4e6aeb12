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
 * that fails here is left to the start-recovery sweep (start-recovery-sweep.ts), the one recovery path for starts.
 */
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

    // rows an earlier run already started (or a redeliver took over) are left alone
    const toStart = rows.filter((r) => r.status === 'pending' && r.attempts === 0 && r.series === 1);
    const starts = await Promise.allSettled(
      toStart.map((r) => startDelivery({ id: r.id, orgId: input.orgId, webhookId: r.webhook_id, series: 1, attempts: 0 })),
    );
    starts.forEach((s, i) => {
      if (s.status === 'rejected') log.warn({ err: s.reason, delivery_id: toStart[i]!.id }, 'delivery workflow not started; the start-recovery sweep starts it');
    });
    log.info({ type: input.type, resource_id: input.resourceId, deliveries: rows.length }, 'event emitted');
    return { deliveryIds: rows.map((r) => r.id) };
  };
}
