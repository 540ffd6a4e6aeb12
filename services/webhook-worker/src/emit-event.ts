import type { EmitEventInput } from '@rp/common';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { startWebhookDeliveryWorkflow } from '@rp/workflows/client';
import type { WebhookActivityDeps } from './activity-deps';
import { activityLogger } from '@rp/worker-runtime';
import { buildEvent } from './build-event';

const START_BATCH = 16;

// Longer than 60 lines on purpose: a factory whose body is the activities it returns, each a function of its own.
/**
 * emitEvent: one delivery row per matching webhook, then one delivery workflow per row. Safe to retry at any
 * point: rows are unique per (webhook_id, event_id), and a workflow id is derived from its delivery id and
 * never reused, so a second run neither adds rows nor sends twice.
 */
export function createEmitEvent(deps: WebhookActivityDeps) {
  const { db } = deps;

  const startDelivery = async (deliveryId: string, orgId: string) => {
    try {
      // the first workflow task comes back in the start response, to this worker: no queue round trip
      await startWebhookDeliveryWorkflow(deps.temporal, { deliveryId, orgId, scheduleMs: deps.scheduleMs }, { eager: true });
    } catch (e) {
      if (!(e instanceof WorkflowExecutionAlreadyStartedError)) throw e;
    }
  };

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
    // a few starts at a time: an org with many webhooks must not flood the Temporal frontend
    for (let i = 0; i < toStart.length; i += START_BATCH) {
      await Promise.all(toStart.slice(i, i + START_BATCH).map((r) => startDelivery(r.id, input.orgId)));
    }
    log.info({ type: input.type, resource_id: input.resourceId, deliveries: rows.length }, 'event emitted');
    return { deliveryIds: rows.map((r) => r.id) };
  };
}
