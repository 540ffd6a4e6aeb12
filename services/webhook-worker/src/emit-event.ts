import type { EmitEventInput } from '@rp/workflow-safe';
import type { WebhookActivityDeps } from './activity-deps';
import type { DeliveryDispatcher } from './create-delivery-dispatcher';
import { activityLogger } from '@rp/worker-runtime';
import { buildEvent } from './build-event';

/**
 * emitEvent: one delivery row per matching webhook, committed, then handed to the dispatcher, which makes the
 * first attempts outside this activity (a render workflow, and a sync client behind it, never waits on a
 * receiver). Safe to retry at any point: rows are unique per (webhook_id, event_id), and a first attempt is
 * claimed on its row, so a second run neither adds rows nor sends twice.
 */
export function createEmitEvent(deps: WebhookActivityDeps, dispatcher: DeliveryDispatcher) {
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
    const rows: { id: string; status: string; attempts: number; series: number }[] = await db('webhook_deliveries')
      .where({ event_id: event.eventId })
      .whereIn('webhook_id', [...webhookIds])
      .select('id', 'status', 'attempts', 'series');

    // rows an earlier run already delivered (or a redeliver took over) are left alone
    const toStart = rows.filter((r) => r.status === 'pending' && r.attempts === 0 && r.series === 1);
    dispatcher.dispatch(toStart.map((r) => ({ id: r.id, orgId: input.orgId, series: 1 })));
    log.info({ type: input.type, resource_id: input.resourceId, deliveries: rows.length }, 'event emitted');
    return { deliveryIds: rows.map((r) => r.id) };
  };
}
